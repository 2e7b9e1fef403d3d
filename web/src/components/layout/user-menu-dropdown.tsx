import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LayoutGrid, LogOut, Package, ShieldCheck, UserRound, type LucideIcon } from 'lucide-react';
import { useRef, type FocusEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { TriggerLabel, triggerStyles, type UserMenuProps } from './user-menu-trigger';

/**
 * The menu of spec section 2 (Radix, a large chunk): loaded by UserMenu when
 * first opened, so it opens at once here.
 */
export function UserMenuDropdown({
  userName,
  isAdmin,
  openedByKeyboard,
}: UserMenuProps & { openedByKeyboard: boolean }) {
  // Radix focuses the first item when a key opened the menu, but it learns that from a keydown it
  // listens for: the one that opened it the first time came before it was loaded, and it would
  // focus the menu itself (once or twice as it mounts). While that first opening lasts, the first
  // item takes the focus whenever the menu itself gets it.
  const firstOpenByKeyboard = useRef(openedByKeyboard);
  const onMenuFocus = (event: FocusEvent<HTMLDivElement>) => {
    if (!firstOpenByKeyboard.current || event.target !== event.currentTarget) return;
    event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  };
  return (
    <DropdownMenu.Root
      modal={false}
      defaultOpen
      onOpenChange={(open) => {
        if (!open) firstOpenByKeyboard.current = false;
      }}
    >
      <DropdownMenu.Trigger className={triggerStyles}>
        <TriggerLabel userName={userName} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          onFocus={onMenuFocus}
          // Above sonner's toasts (z-index 999999999): an open menu is never under one.
          className="z-[1000000000] min-w-48 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200"
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
        // The highlighted item (by arrow keys or the pointer) has a ring, not just a tint: indigo-700
        // on white or indigo-50 is well over 3:1.
        className="flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium text-slate-900 outline-none data-[highlighted]:bg-indigo-50 data-[highlighted]:text-indigo-900 data-[highlighted]:ring-2 data-[highlighted]:ring-indigo-700 data-[highlighted]:ring-inset"
      >
        <Icon aria-hidden="true" className="size-4 text-slate-600" />
        {children}
      </Link>
    </DropdownMenu.Item>
  );
}
