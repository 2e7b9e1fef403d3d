import { DocumentTitle } from '@/components/ui/document-title';
import { ProductsView } from '@/features/products/components/products-view';

/** /userDashboard: the home after login. */
export function DashboardRoute() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <DocumentTitle title="Products" />
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900">Products</h1>
      <ProductsView />
    </div>
  );
}
