import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { LIST_PATH, rememberList } from '@/lib/last-list';
import { useFocusOnNewPage } from './focus-new-page';

const STORAGE_KEY = 'shop:scroll';
/** How long a return waits for its page to grow tall enough (the list still loading). */
const RESTORE_FOR_MS = 4000;

/** Where each page of this tab's history was left, by its history entry's key. */
const positions = new Map<string, number>(readStored());
let currentKey = '';

function readStored(): Array<[string, number]> {
  try {
    return JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '[]') as Array<[string, number]>;
  } catch {
    return [];
  }
}

function store(): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-50)));
  } catch {
    // Storage refused: positions last until the tab reloads.
  }
}

/**
 * Scrolls back to `y` as soon as the page is tall enough, trying each frame while it loads, until
 * the shopper scrolls or presses something themselves.
 */
function restore(y: number): () => void {
  const started = performance.now();
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'])
      window.removeEventListener(type, stop);
  };
  const step = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) < 1 || performance.now() - started > RESTORE_FOR_MS) return stop();
    frame = requestAnimationFrame(step);
  };
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'])
    window.addEventListener(type, stop, { passive: true });
  step();
  return stop;
}

function returning(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'reload' || entry?.type === 'back_forward';
}

/**
 * A page the shopper opens starts at its top; Back and Forward return to where they left it. The
 * list's own URL (search, sort, category, page) is remembered for "Back to products". The new
 * page's heading takes the focus.
 */
export default function PlaceKeeper() {
  const { key, pathname, search } = useLocation();
  const navigationType = useNavigationType();
  const lastPath = useRef<string | null>(null);
  useFocusOnNewPage(pathname, navigationType);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => positions.set(currentKey, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    window.addEventListener('pagehide', store);
    return () => {
      window.removeEventListener('scroll', save);
      window.removeEventListener('pagehide', store);
    };
  }, []);

  // A layout effect: the key must change before the browser reports the old page's scroll
  // clamped by the new, shorter one, or that would be saved as the old page's position.
  useLayoutEffect(() => {
    currentKey = key;
    if (pathname === LIST_PATH) rememberList(search);
    const first = lastPath.current === null;
    const moved = pathname !== lastPath.current;
    lastPath.current = pathname;
    if (navigationType === 'POP') {
      const y = positions.get(key);
      // The page the tab opened on is returned to only on a reload or a Back from another site:
      // a new visit in this tab starts over, whatever an earlier one kept.
      if (y !== undefined && (!first || returning())) return restore(y);
    } else if (moved && !first) window.scrollTo(0, 0);
  }, [key, pathname, search, navigationType]);

  return null;
}
