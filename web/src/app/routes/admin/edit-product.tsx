import { useParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { EditProductView } from '@/features/admin-products/components/edit-product-view';
import { AdminPage } from './admin-page';

/** /admin/editProduct/:id */
export function EditProductRoute() {
  const { id = '' } = useParams();
  return (
    <AdminPage title="Edit Product">
      <Card className="max-w-3xl">
        <EditProductView key={id} id={id} />
      </Card>
    </AdminPage>
  );
}
