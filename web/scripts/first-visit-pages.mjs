// The pages a shopper may open first, in one list: what each loads lazily on its first render (as
// React.lazy in src/app/router.tsx does), its JavaScript budget where it has one, and the answer its
// first render asks for. check-budgets.mjs measures them; write-page-preloads.mjs tells the server
// what each page's HTML should ask the browser to fetch at once.
import fs from 'node:fs';
import path from 'node:path';

/**
 * `path`: the page's path, or a prefix ending in '/' for a page with a parameter.
 * `lazy`: source modules from Vite's manifest. `budgetKb`: KB (1024 bytes) of gzip.
 * `data`: the API answer the page asks for first, when the URL has no query string.
 * `productImage`: the page's largest element is the picture of the product in its path.
 */

export const firstVisitPages = [
  { path: '/', lazy: ['src/app/routes/landing.tsx'], budgetKb: 90 },
  {
    path: '/login',
    lazy: ['src/components/layout/auth-layout.tsx', 'src/app/routes/auth/login.tsx'],
    budgetKb: 110,
  },
  {
    path: '/userDashboard',
    lazy: ['src/app/with-queries.tsx', 'src/app/routes/dashboard.tsx'],
    budgetKb: 130,
    // The dashboard's search with nothing chosen (features/products/utils/product-search.ts).
    data: '/api/get-products?sort=popular&category=all&page=1&limit=24',
  },
  {
    path: '/item/',
    lazy: ['src/app/with-queries.tsx', 'src/app/routes/product.tsx'],
    // {param}: the rest of the path, the product's id (features/products/api/get-product.ts).
    data: '/api/get-product/{param}',
    productImage: true,
  },
  { path: '/signUp', lazy: ['src/components/layout/auth-layout.tsx', 'src/app/routes/auth/sign-up.tsx'] },
  { path: '/cart', lazy: ['src/app/with-queries.tsx', 'src/app/routes/cart.tsx'] },
  { path: '/orders', lazy: ['src/app/with-queries.tsx', 'src/app/routes/orders.tsx'] },
  { path: '/profile', lazy: ['src/app/with-queries.tsx', 'src/app/routes/profile.tsx'] },
  // The shop's pages (shared/src/shop-pages.ts), opened from the footer's plain links: a new visit each.
  ...['terms', 'privacy', 'refund-policy', 'shipping-policy', 'contact'].map((slug) => ({
    path: `/${slug}`,
    lazy: ['src/app/with-queries.tsx', 'src/app/routes/other-pages.tsx'],
  })),
];

export function readManifest(distDir) {
  return JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
}

/** Every chunk file `key` loads before it runs: itself and its static imports, transitively. */
export function staticClosure(manifest, key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest: is it still loaded lazily?`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, files);
  return files;
}

/** The chunks of the app's entry (index.html links them itself) and those only the page adds. */
export function pageChunks(manifest, page) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const entry = staticClosure(manifest, entryKey);
  const all = new Set(entry);
  for (const key of page.lazy) staticClosure(manifest, key, all);
  return { entry, added: [...all].filter((file) => !entry.has(file)), all };
}
