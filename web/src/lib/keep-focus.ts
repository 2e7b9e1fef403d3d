import { useEffect, useRef } from 'react';

/**
 * True when nothing has the focus: what had it was removed, so the browser put it on the page, or
 * turned disabled, which the browser leaves it on only until its next frame.
 */
export function focusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active.matches(':disabled');
}

/**
 * A change that removes what had the focus (a form that is done, the last row deleted) drops it to
 * the page's start, and a keyboard or screen reader user starts again from the top. When `state`
 * changes from one value to another, and the focus was lost so, it goes to `target` instead. A
 * first value (`undefined` before it) is an arrival, not a change: nothing moves then.
 */
export function useFocusAfterChange(
  state: string | undefined,
  target: () => HTMLElement | null | undefined,
): void {
  const last = useRef(state);
  useEffect(() => {
    const before = last.current;
    last.current = state;
    if (before !== undefined && before !== state && focusLost()) target()?.focus();
  });
}
