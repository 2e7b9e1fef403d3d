import { MAX_PAGE_NUMBER } from '@shop/shared';
import { useSearchParams } from 'react-router';

export type ListPage = { page: number; q: string };

/** ?page= as a page to ask for: a hand-edited or old link gives page 1, or the last one the server takes. */
export function pageFromParam(value: string | null): number {
  const asked = Math.trunc(Number(value));
  return Number.isFinite(asked) && asked >= 1 ? Math.min(asked, MAX_PAGE_NUMBER) : 1;
}

/**
 * An admin list's page and search, in ?page= and ?q= so refresh, Back and a
 * shared link keep them. A new search starts at page 1.
 */
export function useListPage() {
  const [params, setParams] = useSearchParams();
  const page = pageFromParam(params.get('page'));
  const q = params.get('q')?.trim() ?? '';

  const update = (changes: Record<string, string | undefined>, replace = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace },
    );

  return {
    page,
    q,
    /** `replace`: no history entry, for a page the list moved off by itself (its last row deleted). */
    goToPage: (to: number, { replace = false } = {}) =>
      update({ page: to > 1 ? String(to) : undefined }, replace),
    search: (text: string) => update({ q: text.trim() || undefined, page: undefined }),
  };
}
