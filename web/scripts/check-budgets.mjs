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

/**
 * The budgets, in KB (1024 bytes) of gzip. `lazy`: the modules the route's
 * first render loads with import(), as React.lazy in src/app/router.tsx does.
 */
export const budgets = [
  { route: '/', kb: 90, lazy: ['src/app/routes/landing.tsx'] },
  { route: '/login', kb: 110, lazy: ['src/app/routes/auth/login.tsx'] },
  {
    route: '/userDashboard',
    kb: 130,
    lazy: ['src/app/with-queries.tsx', 'src/app/routes/dashboard.tsx'],
  },
];

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');

/** Every chunk file `key` loads before it runs: itself and its static imports, transitively. */
function staticClosure(manifest, key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest: is it still loaded lazily?`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, files);
  return files;
}

export function measure(distDir = dist) {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const gzipped = new Map();
  const sizeOf = (file) => {
    if (!gzipped.has(file)) gzipped.set(file, gzipSync(fs.readFileSync(path.join(distDir, file))).length);
    return gzipped.get(file);
  };
  return budgets.map(({ route, kb, lazy }) => {
    const files = staticClosure(manifest, entry);
    for (const key of lazy) staticClosure(manifest, key, files);
    const bytes = [...files].reduce((sum, file) => sum + sizeOf(file), 0);
    return { route, budgetKb: kb, kb: bytes / 1024, files: [...files] };
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
      `\nOver budget: ${over.map((r) => r.route).join(', ')} (budgets in web/scripts/check-budgets.mjs)`,
    );
    process.exit(1);
  }
}
