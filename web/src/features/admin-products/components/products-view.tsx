import { messages } from '@shop/shared';
import { PackageOpen, Plus } from 'lucide-react';
import { ListSearch } from '@/components/paged-list/list-search';
import { PagedListResult } from '@/components/paged-list/paged-list-result';
import { useListPage } from '@/components/paged-list/use-list-page';
import { ButtonLink } from '@/components/ui/button-link';
import { EmptyState } from '@/components/ui/empty-state';
import { useAdminProducts } from '../api/get-all-products';
import { ProductsTable } from './products-table';

export function ProductsView() {
  const list = useListPage();
  const products = useAdminProducts({ page: list.page, q: list.q });
  return (
    <div className="space-y-4">
      <ListSearch label="Search products" placeholder="Name or id" value={list.q} onSearch={list.search} />
      <PagedListResult
        result={products}
        list={list}
        noun={['product', 'products']}
        loadFailed={messages.productsLoadFailed}
        empty={
          <EmptyState icon={PackageOpen} text={messages.noProducts}>
            <ButtonLink to="/admin/addNewProduct">
              <Plus aria-hidden="true" className="size-4" />
              Add Product
            </ButtonLink>
          </EmptyState>
        }
      >
        {(items, firstNumber) => <ProductsTable products={items} firstNumber={firstNumber} />}
      </PagedListResult>
    </div>
  );
}
