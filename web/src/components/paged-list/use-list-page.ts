import { useSearchParams } from 'react-router';

/** The server refuses a page past this (shared pageField). */
const LAST_ASKABLE_PAGE = 100_000;

export type ListPage = { page: number; q: string };

/**
 * An admin list's page and search, in ?page= and ?q= so refresh, Back and a
 * shared link keep them. A new search starts at page 1.
 */
export function useListPage() {
  const [params, setParams] = useSearchParams();
  const asked = Math.trunc(Number(params.get('page')));
  const page = Number.isFinite(asked) && asked >= 1 ? Math.min(asked, LAST_ASKABLE_PAGE) : 1;
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
