import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import {
  ChevronDown,
  CircleUserRound,
  LayoutGrid,
  LogOut,
  Package,
  ShieldCheck,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The logged-in user's name opens the menu of spec section 2. */
export function UserMenu({ userName, isAdmin }: { userName: string; isAdmin: boolean }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="flex min-h-11 min-w-0 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700 data-[state=open]:bg-slate-100">
        <CircleUserRound aria-hidden="true" className="size-6 shrink-0 text-indigo-700" />
        <span className="max-w-28 truncate sm:max-w-48">{userName}</span>
        <span className="sr-only">, account menu</span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-40 min-w-48 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200"
        >
          <MenuLink to="/userDashboard" icon={LayoutGrid}>
            Dashboard
          </MenuLink>
          <MenuLink to="/orders" icon={Package}>
            Orders
          </MenuLink>
          <MenuLink to="/profile" icon={UserRound}>
            Profile
          </MenuLink>
          {isAdmin && (
            <MenuLink to="/admin" icon={ShieldCheck}>
              Admin
            </MenuLink>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <MenuLink to="/logout" icon={LogOut}>
            Logout
          </MenuLink>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function MenuLink({ to, icon: Icon, children }: { to: string; icon: LucideIcon; children: ReactNode }) {
  return (
    <DropdownMenu.Item asChild>
      <Link
        to={to}
        className="flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium text-slate-900 outline-none data-[highlighted]:bg-indigo-50 data-[highlighted]:text-indigo-900"
      >
        <Icon aria-hidden="true" className="size-4 text-slate-600" />
        {children}
      </Link>
    </DropdownMenu.Item>
  );
}
