import { SHOP_PAGES } from '@shop/shared';
import { useLocation } from 'react-router';
import { ShopPageView } from '@/features/shop-pages/components/shop-page-view';
import { PageShell } from './page-shell';

/** /terms, /privacy, /refund-policy, /shipping-policy and /contact: open to everyone. */
export function ShopPageRoute() {
  const { pathname } = useLocation();
  const page = SHOP_PAGES.find((p) => pathname.replace(/\/$/, '') === `/${p.slug}`) ?? SHOP_PAGES[0];
  return (
    <PageShell title={page.title} className="max-w-3xl">
      <ShopPageView key={page.slug} slug={page.slug} />
    </PageShell>
  );
}
