import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { filterParams, parseProductSearch, type ProductFilter } from '../utils/product-search';

/** The dashboard's filter and page, kept in the URL so refresh and Back keep them. */
export function useProductSearch() {
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => parseProductSearch(params), [params]);

  const applyFilter = (filter: ProductFilter) => setParams(filterParams(filter));

  /** `replace`: no history entry, for a page the list moved off by itself (an old link past the end). */
  const goToPage = (page: number, { replace = false } = {}) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('page', String(page));
        return next;
      },
      { replace },
    );

  return { search, applyFilter, goToPage };
}
