// Writes a .br and a .gz copy beside each text file of dist/ (scripts, styles, drawings), at the
// strongest settings: the server sends them as they are, rather than compressing every request.
//   node scripts/precompress.mjs        (run by `npm run build -w web`)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const TEXT = /\.(js|css|svg|json|txt|webmanifest)$/;
// Below this, compression saves less than a packet.
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
for (const file of files(dist)) {
  // index.html is sent with each page's own links added (server/src/plugins/page-html.ts).
  if (!TEXT.test(file) || file.endsWith('.html')) continue;
  const content = fs.readFileSync(file);
  if (content.length < MIN_BYTES) continue;
  const br = zlib.brotliCompressSync(content, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION }));
  count += 1;
}
console.log(`Precompressed ${count} files (.br and .gz beside each).`);
