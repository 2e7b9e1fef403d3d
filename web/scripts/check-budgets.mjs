// Fails the web build when a route's JavaScript is over its budget (issue #7).
// For each route: the gzip size of every script a first visit loads, read from
// Vite's manifest (dist/.vite/manifest.json): the entry chunk and its static
// imports, plus each lazily loaded module the route renders and their static
// imports. Gzip at zlib's default level, as the server sends it.
//   node scripts/check-budgets.mjs        (run by `npm run build -w web`)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { firstVisitPages, pageChunks, readManifest } from './first-visit-pages.mjs';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');

export function measure(distDir = dist) {
  const manifest = readManifest(distDir);
  const gzipped = new Map();
  const sizeOf = (file) => {
    if (!gzipped.has(file)) gzipped.set(file, gzipSync(fs.readFileSync(path.join(distDir, file))).length);
    return gzipped.get(file);
  };
  return firstVisitPages
    .filter((page) => page.budgetKb)
    .map((page) => {
      const files = [...pageChunks(manifest, page).all];
      const bytes = files.reduce((sum, file) => sum + sizeOf(file), 0);
      return { route: page.path, budgetKb: page.budgetKb, kb: bytes / 1024, files };
    });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = measure();
  const rows = results.map((r) => [
    r.route,
    `${r.kb.toFixed(1)} KB`,
    `${r.budgetKb} KB`,
    String(r.files.length),
    r.kb <= r.budgetKb ? 'ok' : 'OVER BUDGET',
  ]);
  const header = ['route', 'JS gzip', 'budget', 'files', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  console.log('\nJavaScript a first visit loads, per route:');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  const over = results.filter((r) => r.kb > r.budgetKb);
  if (over.length > 0) {
    console.error(
      `\nOver budget: ${over.map((r) => r.route).join(', ')} (budgets in web/scripts/first-visit-pages.mjs)`,
    );
    process.exit(1);
  }
}
