import { messages } from '@shop/shared';
import { PackageOpen } from 'lucide-react';
import { ListSearch } from '@/components/paged-list/list-search';
import { PagedListResult } from '@/components/paged-list/paged-list-result';
import { useListPage } from '@/components/paged-list/use-list-page';
import { EmptyState } from '@/components/ui/empty-state';
import { useAdminOrders } from '../api/get-admin-orders';
import { useStatusFilter } from '../hooks/use-status-filter';
import { OrdersTable } from './orders-table';
import { StatusFilter } from './status-filter';

export function AdminOrdersView() {
  const { status, setStatus } = useStatusFilter();
  const list = useListPage();
  const orders = useAdminOrders(status, { page: list.page, q: list.q });
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:gap-6">
        <StatusFilter value={status} onChange={setStatus} />
        <div className="grow">
          <ListSearch
            label="Search orders"
            placeholder="Order ID, Transaction ID or buyer email"
            value={list.q}
            onSearch={list.search}
          />
        </div>
      </div>
      <PagedListResult
        result={orders}
        list={list}
        noun={['order', 'orders']}
        loadFailed={messages.allOrdersLoadFailed}
        empty={<EmptyState icon={PackageOpen} text={messages.noOrdersToShow} />}
      >
        {(items) => <OrdersTable orders={items} />}
      </PagedListResult>
    </div>
  );
}
