import { TOAST_DURATION_MS } from '@shop/shared';
import { useEffect } from 'react';
import { Toaster as SonnerToaster } from 'sonner';

// sonner as the shop uses it, loaded with the first toast (toast.ts): its toast, and its Toaster
// (mounted by LazyToaster) as the shop shows it.
export { toast } from 'sonner';

/** Top right, for TOAST_DURATION_MS, in colours that pass contrast (index.css), closable. */
export function Toaster() {
  useEffect(() => {
    document.addEventListener('focusout', letFocusLeaveToasts);
    return () => document.removeEventListener('focusout', letFocusLeaveToasts);
  }, []);
  return <SonnerToaster position="top-right" duration={TOAST_DURATION_MS} richColors closeButton />;
}

/**
 * Whenever the focus leaves its toasts, sonner (2.x, no option to turn it off) sends it back to
 * where it came from: Tab past a toast's Close button went back to the control before the toast,
 * and the footer was out of reach until the toast ended. Listening on the document, this runs
 * after sonner's own handler (React's, on the app's root) and puts the focus where Tab or a click
 * sent it. The toasts are still announced: that is the aria-live list's part, not the focus's.
 */
function letFocusLeaveToasts(event: FocusEvent): void {
  const toasts = event.target instanceof Element ? event.target.closest('[data-sonner-toaster]') : null;
  const next = event.relatedTarget;
  if (!toasts || !(next instanceof HTMLElement) || toasts.contains(next)) return;
  if (document.activeElement !== next) next.focus();
}
