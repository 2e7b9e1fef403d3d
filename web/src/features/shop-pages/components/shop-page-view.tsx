import { ownMessages, type ShopPageSlug } from '@shop/shared';
import { lazy, Suspense } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { Loading } from '@/components/ui/spinner';
import { useShopPage } from '../api/get-page';

// The Markdown renderer (markdown-it, a large chunk) comes with the shop's pages only, asked
// for beside the page's text rather than after it; "not found", in the same chunk, never loads it.
const loadMarkdown = () => import('@/components/ui/markdown');
const Markdown = lazy(loadMarkdown);

/** One of the shop's pages, its text as the admin wrote it (or the default). */
export function ShopPageView({ slug }: { slug: ShopPageSlug }) {
  void loadMarkdown();
  const page = useShopPage(slug);
  if (page.isPending) return <Loading />;
  if (page.isError)
    return (
      <LoadError
        title={ownMessages.pageLoadFailed}
        detail={page.error.message}
        onRetry={() => void page.refetch()}
      />
    );
  return (
    <Suspense fallback={<Loading />}>
      <Markdown text={page.data.body} />
    </Suspense>
  );
}
