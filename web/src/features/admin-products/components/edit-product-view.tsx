import { messages, type AdminProduct } from '@shop/shared';
import { PackageX } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button-link';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Loading } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-error';
import { useProductToEdit } from '../api/get-product-to-edit';
import { ProductForm } from './product-form';

/** Loads the product, then the shared form with its values, and `after` it what the page adds. */
export function EditProductView({ id, after }: { id: string; after?: (product: AdminProduct) => ReactNode }) {
  const product = useProductToEdit(id);
  if (product.isPending) return <Loading label="Loading the product…" />;
  if (product.isError) {
    if (product.error instanceof ApiError && product.error.status === 404) {
      return (
        <EmptyState icon={PackageX} text={messages.productNotFound}>
          <ButtonLink to="/admin/productList">Back to the products</ButtonLink>
        </EmptyState>
      );
    }
    return (
      <LoadError
        title={messages.productLoadFailed}
        detail={product.error.message}
        onRetry={() => void product.refetch()}
      />
    );
  }
  return (
    <>
      <ProductForm product={product.data} />
      {after?.(product.data)}
    </>
  );
}
