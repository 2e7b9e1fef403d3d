import { SHOP_PAGES, shopPageTitle, type ShopPage, type ShopPageSlug } from '@shop/shared';
import type { Db } from '../../db/index.js';
import { DEFAULT_PAGE_TEXTS } from './defaults.js';

type Row = { slug: string; body: string; updated_at: string };

/** The one place a row (or its absence) becomes the API's page. */
function toPage(slug: ShopPageSlug, row: Row | undefined): ShopPage {
  return {
    slug,
    title: shopPageTitle(slug),
    body: row?.body ?? DEFAULT_PAGE_TEXTS[slug],
    updatedAt: row?.updated_at ?? null,
    isDefault: !row,
  };
}

export async function readPage(db: Db, slug: ShopPageSlug): Promise<ShopPage> {
  const row = await db
    .selectFrom('shop_pages')
    .select(['slug', 'body', 'updated_at'])
    .where('slug', '=', slug)
    .executeTakeFirst();
  return toPage(slug, row);
}

export async function readAllPages(db: Db): Promise<ShopPage[]> {
  const rows = await db.selectFrom('shop_pages').select(['slug', 'body', 'updated_at']).execute();
  return SHOP_PAGES.map(({ slug }) =>
    toPage(
      slug,
      rows.find((r) => r.slug === slug),
    ),
  );
}
