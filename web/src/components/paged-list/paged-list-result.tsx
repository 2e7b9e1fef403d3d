import { messages, groupIndian } from '@shop/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { SearchX } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Pagination } from '@/components/ui/pagination';
import { Loading } from '@/components/ui/spinner';
import { useFocusAfterChange } from '@/lib/keep-focus';
import { firstNumberOf, pageCountOf, type PagedList } from './get-paged-list';
import type { useListPage } from './use-list-page';

/** "51–100 of 1,234 products"; one row: "51 of 51 products". */
function summaryOf(first: number, last: number, total: number, [one, many]: [string, string]) {
  const rows = first === last ? groupIndian(first) : `${groupIndian(first)}–${groupIndian(last)}`;
  return `${rows} of ${groupIndian(total)} ${total === 1 ? one : many}`;
}

type PagedListResultProps<T> = {
  result: UseQueryResult<PagedList<T>>;
  list: ReturnType<typeof useListPage>;
  /** One and many of what is listed: 'product', 'products'. */
  noun: [one: string, many: string];
  loadFailed: string;
  /** What an empty list shows: the spec's text, perhaps with a way on. */
  empty: ReactNode;
  /** The rows of this page; `firstNumber` is the # of its first row. */
  children: (items: T[], firstNumber: number) => ReactNode;
};

/**
 * An admin list's page: loading, failure, nothing at all, nothing matching,
 * or a summary ("51–100 of 1,234 products"), the rows and Previous and Next.
 */
export function PagedListResult<T>({
  result,
  list,
  noun,
  loadFailed,
  empty,
  children,
}: PagedListResultProps<T>) {
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const emptyRef = useRef<HTMLDivElement>(null);
  const { data } = result;
  const pageCount = pageCountOf(data?.total ?? 0);
  // A page the list no longer reaches (its last row deleted, an old link): the last one instead.
  // Not while another page's rows stand in (placeholder data), or it would ask again and again.
  const pastTheEnd = data !== undefined && data.items.length === 0 && data.page > pageCount;
  const moveBack = pastTheEnd && !result.isPlaceholderData;
  const { goToPage } = list;
  useEffect(() => {
    if (moveBack) goToPage(pageCount, { replace: true });
  }, [moveBack, pageCount, goToPage]);
  // A row deleted (or delivered out of a filter) takes the focus with it, and the last one the
  // whole table: the focus goes to the empty list's text, or to the rows' summary of the page
  // moved back to.
  useFocusAfterChange(
    data && (data.total === 0 ? 'empty' : `page ${data.page}`),
    () => emptyRef.current ?? summaryRef.current,
  );

  if (result.isPending || pastTheEnd) return <Loading label={`Loading the ${noun[1]}…`} />;
  if (result.isError) {
    return (
      <LoadError title={loadFailed} detail={result.error.message} onRetry={() => void result.refetch()} />
    );
  }
  if (result.data.total === 0) {
    return (
      <div ref={emptyRef} tabIndex={-1} className="focus:outline-none">
        {list.q ? <EmptyState icon={SearchX} text={messages.noneMatch(noun[0], list.q)} /> : empty}
      </div>
    );
  }

  // Numbered by the page these rows are, which is not yet the asked one while it loads.
  const { items, total, page } = result.data;
  const first = firstNumberOf(page);
  const changePage = (page: number) => {
    list.goToPage(page);
    // Back to the top of the rows; the button pressed may be disabled on the new page.
    summaryRef.current?.focus();
  };
  return (
    <div className="space-y-4">
      <p
        ref={summaryRef}
        tabIndex={-1}
        role="status"
        className="scroll-mt-24 text-sm font-medium text-slate-700 focus:outline-none"
      >
        {items.length > 0 && summaryOf(first, first + items.length - 1, total, noun)}
      </p>
      <div
        aria-busy={result.isPlaceholderData || undefined}
        className={result.isPlaceholderData ? 'opacity-60' : undefined}
      >
        {children(items, first)}
      </div>
      {pageCount > 1 && <Pagination page={list.page} pageCount={pageCount} onPageChange={changePage} />}
    </div>
  );
}
