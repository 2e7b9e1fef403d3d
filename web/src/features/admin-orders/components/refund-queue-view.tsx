import { formatRupees, messages, type RefundQueue } from '@shop/shared';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Loading } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format-date';
import { PagedListResult } from '@/components/paged-list/paged-list-result';
import { useListPage } from '@/components/paged-list/use-list-page';
import { useRefundAction, useRefundPage, useRefundQueue } from '../api/admin-order';
import { RefundList } from './refund-list';

/** Payments due a refund with none asked yet (paid after the hold lapsed), then every refund, a page at a time. */
export function RefundQueueView() {
  const list = useListPage();
  const queue = useRefundQueue(list.page);
  const refunds = useRefundPage(list.page);
  if (queue.isPending) return <Loading label="Loading the refunds…" />;
  if (queue.isError) {
    return (
      <LoadError
        title={messages.refundsLoadFailed}
        detail={queue.error.message}
        onRetry={() => void queue.refetch()}
      />
    );
  }
  return (
    <div className="grid gap-5">
      <Card className="p-5">
        <section aria-label="Due a refund">
          <h3 className="mb-3 text-lg font-bold text-slate-900">Due a refund</h3>
          {queue.data.due.length === 0 ? (
            <p className="text-sm text-slate-700">None.</p>
          ) : (
            <ul className="divide-y divide-slate-200 text-sm">
              {queue.data.due.map((due) => (
                <DueItem key={due.checkoutId} due={due} />
              ))}
            </ul>
          )}
        </section>
      </Card>
      <Card className="p-5">
        <section aria-label="Refunds">
          <h3 className="mb-3 text-lg font-bold text-slate-900">Refunds</h3>
          <PagedListResult
            result={refunds}
            // The refunds have no search: a ?q= in the address means nothing here.
            list={{ ...list, q: '' }}
            noun={['refund', 'refunds']}
            loadFailed={messages.refundsLoadFailed}
            empty={<RefundList refunds={[]} />}
          >
            {(items) => <RefundList refunds={items} linkOrders />}
          </PagedListResult>
        </section>
      </Card>
    </div>
  );
}

function DueItem({ due }: { due: RefundQueue['due'][number] }) {
  const act = useRefundAction();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-2">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">
          {formatRupees(due.amount)} · {due.buyerEmail}
        </p>
        <p className="break-all text-slate-700">
          {due.paymentId} · <time dateTime={due.paidAt}>{formatDateTime(due.paidAt)}</time>
        </p>
      </div>
      <Button
        loading={act.isPending}
        aria-label={`Refund ${formatRupees(due.amount)} to ${due.buyerEmail}`}
        onClick={() => act.mutate({ checkout: due.checkoutId })}
      >
        Refund
      </Button>
    </li>
  );
}
