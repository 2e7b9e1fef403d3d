import { ownMessages, type ShopPageSlug } from '@shop/shared';
import { LoadError } from '@/components/ui/load-error';
import { Loading } from '@/components/ui/spinner';
import { useShopPage } from '../api/get-page';
import { Markdown } from '@/components/ui/markdown';

/** One of the shop's pages, its text as the admin wrote it (or the default). */
export function ShopPageView({ slug }: { slug: ShopPageSlug }) {
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
  return <Markdown text={page.data.body} />;
}
