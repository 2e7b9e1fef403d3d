import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The server's Node.js flags are written out where a deploy cannot import them:
// a deploy that runs without them peaks about 100 MB higher under load.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const flagsSource = read('scripts/lib/server-node-flags.mjs');
const flags = [
  ...(/SERVER_NODE_FLAGS = \[([^\]]*)\]/.exec(flagsSource)?.[1] ?? '').matchAll(/'([^']+)'/g),
].map((match) => match[1]);

describe('the server Node.js flags', () => {
  it('are read from scripts/lib/server-node-flags.mjs', () => {
    expect(flags).toContain('--heap-growing-percent=40');
    expect(flags).toContain('--max-semi-space-size=8');
    expect(flags).toContain('--no-allocation-site-pretenuring');
  });

  it('are the same in the systemd unit, its copy in docs/deploy.md and the Containerfile', () => {
    const commandLine = `node ${flags.join(' ')} `;
    expect(read('deploy/shop.service')).toContain(
      `ExecStart=/usr/bin/${commandLine}/srv/shop/server/dist/main.js`,
    );
    expect(read('docs/deploy.md')).toContain(
      `ExecStart=/usr/bin/${commandLine}/srv/shop/server/dist/main.js`,
    );
    expect(read('docs/deploy.md')).toContain(`CMD ${commandLine}server/dist/main.js`);
    expect(read('deploy/Containerfile')).toContain(
      `CMD ${JSON.stringify(['node', ...flags, 'server/dist/main.js']).replaceAll(',', ', ')}`,
    );
  });
});
