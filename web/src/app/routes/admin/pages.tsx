import { SHOP_PAGES, type ShopPageSlug } from '@shop/shared';
import { Route, Routes, useParams } from 'react-router';
import { PageEditorView } from '@/features/admin-pages/components/page-editor';
import { PagesList } from '@/features/admin-pages/components/pages-list';
import { AdminPage } from './admin-page';

/**
 * /admin/pages and /admin/pages/:slug. Routed here, inside the admin chunk, rather than in
 * router.tsx: every route there weighs on the first visit of `/` (docs/decisions/0009).
 */
export function AdminPagesRoute() {
  return (
    <Routes>
      <Route index element={<PagesListRoute />} />
      <Route path=":slug" element={<PageEditRoute />} />
    </Routes>
  );
}

function PagesListRoute() {
  return (
    <AdminPage title="Pages">
      <PagesList />
    </AdminPage>
  );
}

function PageEditRoute() {
  const { slug = '' } = useParams();
  const page = SHOP_PAGES.find((p) => p.slug === slug);
  return (
    <AdminPage title={page ? `Edit ${page.title}` : 'Edit page'}>
      <PageEditorView key={slug} slug={slug as ShopPageSlug} />
    </AdminPage>
  );
}
