import { ProductsView } from '@/features/admin-products/components/products-view';
import { AdminPage } from './admin-page';

/** /admin/productList */
export function AdminProductsRoute() {
  return (
    <AdminPage title="Products">
      <ProductsView />
    </AdminPage>
  );
}
