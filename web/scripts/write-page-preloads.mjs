// Writes dist/page-preloads.json: for each page of first-visit-pages.mjs, the chunks its first render
// loads lazily, the API answer it asks for first and whether its largest element is its product's
// picture. The server puts them in that page's HTML as <link rel="modulepreload"> and
// <link rel="preload">, so the browser fetches them beside the app's entry instead of one after another.
//   node scripts/write-page-preloads.mjs        (run by `npm run build -w web`)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstVisitPages, pageChunks, readManifest } from './first-visit-pages.mjs';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = readManifest(dist);
const pages = firstVisitPages.map((page) => ({
  path: page.path,
  modules: pageChunks(manifest, page).added.map((file) => `/${file}`),
  ...(page.data ? { data: page.data } : {}),
  ...(page.productImage ? { productImage: true } : {}),
}));
fs.writeFileSync(path.join(dist, 'page-preloads.json'), `${JSON.stringify(pages, null, 2)}\n`);
