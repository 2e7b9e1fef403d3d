/** A square, icon-only link in the navigation bar; it still needs an aria-label. */
export const iconLinkStyles =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700';
