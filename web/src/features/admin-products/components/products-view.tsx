import { messages } from '@shop/shared';
import { PackageOpen, Plus } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button-link';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Loading } from '@/components/ui/spinner';
import { useAllProducts } from '../api/get-all-products';
import { ProductsTable } from './products-table';

export function ProductsView() {
  const products = useAllProducts();
  if (products.isPending) return <Loading label="Loading the products…" />;
  if (products.isError) {
    return (
      <LoadError
        title={messages.productsLoadFailed}
        detail={products.error.message}
        onRetry={() => void products.refetch()}
      />
    );
  }
  if (products.data.length === 0) {
    return (
      <EmptyState icon={PackageOpen} text={messages.noProducts}>
        <ButtonLink to="/admin/addNewProduct">
          <Plus aria-hidden="true" className="size-4" />
          Add Product
        </ButtonLink>
      </EmptyState>
    );
  }
  return <ProductsTable products={products.data} />;
}
