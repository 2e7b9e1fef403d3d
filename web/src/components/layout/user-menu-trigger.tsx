import { ChevronDown, CircleUserRound } from 'lucide-react';

export type UserMenuProps = { userName: string; isAdmin: boolean };

export const triggerStyles =
  'flex min-h-11 min-w-0 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700 data-[state=open]:bg-slate-100';

/** What the menu button shows: the user's name, named for screen readers as the account menu. */
export function TriggerLabel({ userName }: { userName: string }) {
  return (
    <>
      <CircleUserRound aria-hidden="true" className="size-6 shrink-0 text-indigo-700" />
      <span className="max-w-28 truncate sm:max-w-48">{userName}</span>
      <span className="sr-only">, account menu</span>
      <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
    </>
  );
}
