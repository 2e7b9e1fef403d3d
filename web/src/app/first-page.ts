import { isValidElement } from 'react';
import { createRoutesFromElements, matchRoutes } from 'react-router';
import type { LazyPage } from './lazy-page';
import { appRoutes } from './router';

/**
 * Loads the code of the page at `pathname` (its chunks are already on their way: the page's HTML
 * names them), for the first render to show the page at once. Rendered before its code is in,
 * the page would show a loading line first, and React keeps such a line at least 300 ms before
 * revealing what replaced it. Never fails: a page whose code did not load shows its error itself.
 * The admin panel's code is left for RequireAdmin to ask for, so a customer never fetches it.
 */
export function preloadFirstPage(pathname: string): Promise<unknown> {
  if (pathname.startsWith('/admin')) return Promise.resolve();
  const matches = matchRoutes(createRoutesFromElements(appRoutes), pathname) ?? [];
  return Promise.allSettled(
    matches.map(({ route }) =>
      isValidElement(route.element) ? (route.element.type as Partial<LazyPage>).preload?.() : undefined,
    ),
  );
}
