import fs from 'node:fs';
import path from 'node:path';
import { DETAIL_IMAGE_SIZES, productImageSrcSet, TEST_MODE_BANNER } from '@shop/shared';

/** One entry of web/dist/page-preloads.json (written by web/scripts/write-page-preloads.mjs). */
type PagePreloads = {
  path: string;
  modules: string[];
  data?: string;
  productImage?: boolean;
  /** HTML for the app's root before the app runs; `{image}` stands for the product's picture. */
  preview?: string;
};

export type PageRequest = { pathname: string; hasQuery: boolean; hasSession: boolean };

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
 * its largest element, and draws it in place before the app runs (the page's `preview`).
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

  const withHead = (links: string) => indexHtml.replace('</head>', `${links}</head>`);
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
    const html = withHead(
      `${moduleLinks.get(page) ?? ''}<link rel="preload" as="fetch" crossorigin href="${data}">` +
        (image && OWN_IMAGE.test(image) ? imagePreload(image) : ''),
    );
    return image && OWN_IMAGE.test(image) && page.preview ? withPreview(html, page.preview, image) : html;
  };
}

/** The same picture the page's <img> asks for (src, or srcset with the page's sizes), first. */
function imagePreload(src: string): string {
  const srcSet = productImageSrcSet(src);
  const set = srcSet ? ` imagesrcset="${srcSet}" imagesizes="${DETAIL_IMAGE_SIZES}"` : '';
  return `<link rel="preload" as="image" fetchpriority="high" href="${src}"${set}>`;
}

/**
 * The picture drawn in the app's root, where the app will draw it. What the first paint needs is the
 * styles and the picture, so the page's scripts are fetched after them (fetchpriority="low"): on a
 * slow line the shopper sees the product before the app has loaded, and the app runs when it has.
 */
function withPreview(html: string, preview: string, src: string): string {
  const srcSet = productImageSrcSet(src);
  const set = srcSet ? ` srcset="${srcSet}" sizes="${DETAIL_IMAGE_SIZES}"` : '';
  // alt="": the app's own <img>, named, replaces this one as soon as it runs.
  const img =
    `<img src="${src}"${set} alt="" width="600" height="450" fetchpriority="high" ` +
    'class="aspect-[4/3] h-auto w-full object-contain p-6">';
  return html
    .replace('<div id="root"></div>', `<div id="root">${preview.replace('{image}', img)}</div>`)
    .replace('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin')
    .replaceAll(
      '<link rel="modulepreload" crossorigin',
      '<link rel="modulepreload" fetchpriority="low" crossorigin',
    );
}

/**
 * With the test gateway taking payments, every page says so above the app, in the HTML itself:
 * it shows before any script runs and costs the pages no JavaScript.
 */
function withTestModeBanner(html: string, testPayments: boolean): string {
  if (!testPayments) return html;
  const banner =
    '<aside aria-label="Test mode" style="background:#fef3c7;color:#78350f;border-bottom:1px solid #f59e0b;' +
    'padding:6px 12px;text-align:center;font:600 14px/1.4 system-ui,sans-serif">' +
    `${TEST_MODE_BANNER}</aside>`;
  return html.replace(/<body[^>]*>/, (body) => `${body}${banner}`);
}
