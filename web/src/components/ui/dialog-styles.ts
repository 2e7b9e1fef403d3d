/** Shared look of the modal dialogs (Radix AlertDialog): a dimmed page and a centred panel. */
export const dialogOverlayStyles = 'fixed inset-0 z-40 bg-slate-900/60';

export const dialogContentStyles =
  'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200 focus:outline-none';

export const dialogTitleStyles = 'text-lg font-bold text-slate-900';
