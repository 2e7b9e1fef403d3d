import { CartView } from '@/features/cart/components/cart-view';
import { PageShell } from './page-shell';

/** /cart */
export function CartRoute() {
  return (
    <PageShell title="My Cart" className="max-w-5xl">
      <CartView />
    </PageShell>
  );
}
