import { SHOP_PAGES } from '@shop/shared';
import { Route, Routes } from 'react-router';
import { NotFoundRoute } from './not-found';
import { ShopPageRoute } from './shop-page';

/**
 * The paths router.tsx leaves to its catch-all: the shop's pages, each at `/${slug}` and linked
 * from index.html's footer, and "not found" for anything else.
 */
export function OtherPagesRoute() {
  return (
    <Routes>
      {SHOP_PAGES.map(({ slug }) => (
        <Route key={slug} path={`/${slug}`} element={<ShopPageRoute />} />
      ))}
      <Route path="*" element={<NotFoundRoute />} />
    </Routes>
  );
}
