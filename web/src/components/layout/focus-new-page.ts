import { useEffect, useRef } from 'react';
import type { NavigationType } from 'react-router';

/** How long a new page may take to show its heading (its code or data still loading). */
const WAIT_FOR_HEADING_MS = 4000;
/** How long the heading keeps the focus against a closing menu that gives it back to its button. */
const SETTLE_MS = 500;

/**
 * The new page's own heading: its h1, or on an admin page the h2 marked data-page-heading (the
 * panel's h1, data-layout-heading, is the same on every one of them). Not one React keeps hidden
 * while a page loads.
 */
function pageHeading(main: HTMLElement): HTMLElement | null {
  const heading = main.querySelector<HTMLElement>('[data-page-heading], h1:not([data-layout-heading])');
  return heading && heading.getClientRects().length > 0 ? heading : null;
}

/**
 * True while nothing the page or the user chose has the focus: the page itself (what had it is
 * gone), still the link that opened the page, or a menu's button that a closing menu handed it to.
 */
function focusAdrift(origin: Element | null): boolean {
  const active = document.activeElement;
  if (active === null || active === document.body || active === origin) return true;
  return active.matches('[aria-haspopup="menu"]');
}

/**
 * Tries each frame until the new page's heading shows, then gives it the focus, so a screen reader
 * says where the shopper now is and Tab goes on from there. Stops when the focus is placed some
 * other way (a page's own field, the user's Tab or click); no heading in time: the main region.
 * A closing menu hands the focus back to its button a moment later: for a short while the heading
 * takes it back.
 */
function focusHeadingOnceShown(): () => void {
  const started = performance.now();
  const origin = document.activeElement === document.body ? null : document.activeElement;
  let focused: { target: HTMLElement; at: number } | undefined;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of ['keydown', 'pointerdown']) window.removeEventListener(type, stop);
  };
  const step = () => {
    const now = performance.now();
    const adrift = focusAdrift(origin);
    if (focused) {
      if (now - focused.at > SETTLE_MS || (!adrift && document.activeElement !== focused.target))
        return stop();
      if (adrift) focusWithoutScroll(focused.target);
    } else {
      if (!adrift) return stop();
      const main = document.getElementById('main');
      const target = main && (pageHeading(main) ?? (now - started > WAIT_FOR_HEADING_MS ? main : null));
      if (target) {
        focusWithoutScroll(target);
        focused = { target, at: now };
      }
    }
    frame = requestAnimationFrame(step);
  };
  for (const type of ['keydown', 'pointerdown']) window.addEventListener(type, stop, { passive: true });
  frame = requestAnimationFrame(step);
  return stop;
}

function focusWithoutScroll(target: HTMLElement): void {
  // Headings are not controls: focusable from script only, and without a ring (index.css).
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
  // Where the page scrolls to is PlaceKeeper's part (the top, or back where it was).
  target.focus({ preventScroll: true });
}

/**
 * An in-app link changes the page without the browser's reload, and the focus stays on the link
 * (gone with the old page, so on the page itself) with nothing announced. After a change of path,
 * not on the first page nor within one (a list's search or page), the new page's heading takes it.
 * This runs in a lazily loaded part of the app: on a slow phone it may first run after a quick
 * first navigation (a login), which React Router tells apart from the first page as a PUSH.
 */
export function useFocusOnNewPage(pathname: string, navigationType: NavigationType): void {
  const lastPath = useRef<string | null>(null);
  useEffect(() => {
    const first = lastPath.current === null;
    const moved = pathname !== lastPath.current;
    lastPath.current = pathname;
    if (first ? navigationType !== 'POP' : moved) return focusHeadingOnceShown();
    // Only a change of path starts a new focus: the navigation's type comes with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}
