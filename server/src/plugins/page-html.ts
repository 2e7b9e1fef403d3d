import fs from 'node:fs';
import path from 'node:path';
import { DETAIL_IMAGE_SIZES, productImageSrcSet } from '@shop/shared';
import { withTestModeBanner } from './test-mode-banner.js';

/** One entry of web/dist/page-preloads.json (written by web/scripts/write-page-preloads.mjs). */
type PagePreloads = {
  path: string;
  modules: string[];
  data?: string;
  productImage?: boolean;
};

export type PageRequest = { pathname: string; hasQuery: boolean; hasSession: boolean };

/** Vite's tag for the app's entry, in the head: what a page needs first goes before it. */
const ENTRY_SCRIPT = '<script type="module" crossorigin';
/** A page's path parameter goes into a URL and an attribute: only ids of this shop's own shape. */
const SAFE_PARAM = /^[A-Za-z0-9_-]{1,64}$/;
/** A picture of this shop's own: a path on this origin, with nothing an attribute would need escaped. */
const OWN_IMAGE = /^\/(?!\/)[\w./-]{1,200}$/;

/** The picture of a product by its id, or undefined when there is no such product. */
export type ProductImageLookup = (productId: string) => Promise<string | undefined>;

/**
 * index.html for each page, with the page's own chunks and first API answer asked for in its head:
 * the browser fetches them beside the app's entry rather than after it has run. A page's answer is
 * preloaded only with a session cookie (without one the app goes to /login) and, for a page whose
 * answer depends on the query string, only without one. The product page also asks for its picture,
 * its largest element. The answer and the picture are asked for before any script: each is one
 * small file the page's first render waits for, and the browser asks in the order the head names.
 */
export function loadPageHtml(
  webDist: string,
  { testPayments, productImage }: { testPayments: boolean; productImage?: ProductImageLookup },
): (request: PageRequest) => Promise<string> {
  const indexHtml = withTestModeBanner(
    fs.readFileSync(path.join(webDist, 'index.html'), 'utf8'),
    testPayments,
  );
  const preloadsFile = path.join(webDist, 'page-preloads.json');
  if (!fs.existsSync(preloadsFile)) return () => Promise.resolve(indexHtml);
  const pages = JSON.parse(fs.readFileSync(preloadsFile, 'utf8')) as PagePreloads[];

  const firstAt = indexHtml.includes(ENTRY_SCRIPT) ? ENTRY_SCRIPT : '</head>';
  const withHead = (links: string, first = '') =>
    indexHtml.replace(firstAt, (at) => first + at).replace('</head>', (at) => links + at);
  const moduleLinks = new Map(
    pages.map((page) => [
      page,
      page.modules.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join(''),
    ]),
  );
  const plain = new Map(pages.map((page) => [page, withHead(moduleLinks.get(page) ?? '')]));

  return async ({ pathname, hasQuery, hasSession }) => {
    const page = pages.find((p) =>
      p.path.endsWith('/') && p.path !== '/' ? pathname.startsWith(p.path) : pathname === p.path,
    );
    if (!page) return indexHtml;
    const param = page.path.endsWith('/') ? pathname.slice(page.path.length) : '';
    const data = page.data?.replace('{param}', param);
    const wantsData =
      data !== undefined &&
      hasSession &&
      !hasQuery &&
      (!page.data?.includes('{param}') || SAFE_PARAM.test(param));
    if (!wantsData) return plain.get(page) ?? indexHtml;
    // A failed lookup costs the page only this hint; the app asks for the product itself.
    const image =
      page.productImage && productImage ? await productImage(param).catch(() => undefined) : undefined;
    return withHead(
      moduleLinks.get(page) ?? '',
      `<link rel="preload" as="fetch" crossorigin href="${data}">` +
        (image && OWN_IMAGE.test(image) ? imagePreload(image) : ''),
    );
  };
}

/** The same picture the page's <img> asks for (src, or srcset with the page's sizes), first. */
function imagePreload(src: string): string {
  const srcSet = productImageSrcSet(src);
  const set = srcSet ? ` imagesrcset="${srcSet}" imagesizes="${DETAIL_IMAGE_SIZES}"` : '';
  return `<link rel="preload" as="image" fetchpriority="high" href="${src}"${set}>`;
}
