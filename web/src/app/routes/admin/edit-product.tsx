import { useParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { ThresholdForm } from '@/features/admin-overview/components/threshold-form';
import { EditProductView } from '@/features/admin-products/components/edit-product-view';
import { AdminPage } from './admin-page';

/**
 * /admin/editProduct/:id, with the product's own low-stock threshold under its form: the Low
 * Stock page lists only products already low, and a fast seller needs its threshold raised first.
 */
export function EditProductRoute() {
  const { id = '' } = useParams();
  return (
    <AdminPage title="Edit Product">
      <Card className="max-w-3xl">
        <EditProductView
          key={id}
          id={id}
          after={(product) => (
            <section aria-label="Low-stock threshold" className="mt-8 border-t border-slate-200 pt-6">
              <ThresholdForm
                label="Low-stock threshold"
                hint="Listed and mailed as low at this many or fewer in stock. Empty: the shop's default, set on Low Stock."
                value={product.lowStockThreshold}
                productId={product._id}
                submitLabel="Save threshold"
              />
            </section>
          )}
        />
      </Card>
    </AdminPage>
  );
}
