import { SHOP_PAGES, type ShopPageSlug } from '@shop/shared';
import { useParams } from 'react-router';
import { PageEditorView } from '@/features/admin-pages/components/page-editor';
import { PagesList } from '@/features/admin-pages/components/pages-list';
import { AdminPage } from './admin-page';

/** /admin/pages */
export function AdminPagesRoute() {
  return (
    <AdminPage title="Pages">
      <PagesList />
    </AdminPage>
  );
}

/** /admin/pages/:slug */
export function AdminPageEditRoute() {
  const { slug = '' } = useParams();
  const page = SHOP_PAGES.find((p) => p.slug === slug);
  return (
    <AdminPage title={page ? `Edit ${page.title}` : 'Edit page'}>
      <PageEditorView key={slug} slug={slug as ShopPageSlug} />
    </AdminPage>
  );
}
