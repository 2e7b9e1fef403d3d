import { Card } from '@/components/ui/card';
import { ProductForm } from '@/features/admin-products/components/product-form';
import { AdminPage } from './admin-page';

/** /admin/addNewProduct */
export function AddProductRoute() {
  return (
    <AdminPage title="Add Product">
      <Card className="max-w-3xl">
        <ProductForm />
      </Card>
    </AdminPage>
  );
}
