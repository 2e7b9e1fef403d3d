import { messages } from '@shop/shared';
import { PackageOpen } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Loading } from '@/components/ui/spinner';
import { useAdminOrders } from '../api/get-admin-orders';
import { useStatusFilter } from '../hooks/use-status-filter';
import { OrdersTable } from './orders-table';
import { StatusFilter } from './status-filter';

export function AdminOrdersView() {
  const { status, setStatus } = useStatusFilter();
  const orders = useAdminOrders(status);
  return (
    <div className="space-y-4">
      <StatusFilter value={status} onChange={setStatus} />
      <OrdersResult orders={orders} />
    </div>
  );
}

function OrdersResult({ orders }: { orders: ReturnType<typeof useAdminOrders> }) {
  if (orders.isPending) return <Loading label="Loading the orders…" />;
  if (orders.isError) {
    return (
      <LoadError
        title={messages.allOrdersLoadFailed}
        detail={orders.error.message}
        onRetry={() => void orders.refetch()}
      />
    );
  }
  if (orders.data.length === 0) return <EmptyState icon={PackageOpen} text={messages.noOrdersToShow} />;
  return (
    <div
      aria-busy={orders.isPlaceholderData || undefined}
      className={orders.isPlaceholderData ? 'opacity-60' : undefined}
    >
      <OrdersTable orders={orders.data} />
    </div>
  );
}
