import { ORDER_STATUS_FILTERS } from '@shop/shared';
import { useSearchParams } from 'react-router';

export type StatusFilter = (typeof ORDER_STATUS_FILTERS)[number];

function isStatusFilter(value: string | null): value is StatusFilter {
  return (ORDER_STATUS_FILTERS as readonly (string | null)[]).includes(value);
}

/** The order list's status filter lives in ?status= so refresh and Back keep it; 'all' is the default. */
export function useStatusFilter() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: StatusFilter = isStatusFilter(raw) ? raw : 'all';

  const setStatus = (next: StatusFilter) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set('status', next);
      // Another status is another list: it starts at its first page.
      updated.delete('page');
      return updated;
    });

  return { status, setStatus };
}
