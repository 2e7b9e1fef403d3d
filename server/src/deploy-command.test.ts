import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The deploy files start the server the way npm start does, with no Node flags: the V8 settings the
// shop needs are made in code, so every way of starting it has them.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('the server command line in the deploy files', () => {
  it('is plain node in the systemd unit, its copy in docs/deploy.md and the Containerfile', () => {
    expect(read('deploy/shop.service')).toContain('ExecStart=/usr/bin/node /srv/shop/server/dist/main.js\n');
    expect(read('docs/deploy.md')).toContain('ExecStart=/usr/bin/node /srv/shop/server/dist/main.js\n');
    expect(read('docs/deploy.md')).toContain('`CMD node server/dist/main.js`');
    expect(read('deploy/Containerfile')).toContain('CMD ["node", "server/dist/main.js"]\n');
  });
});

describe('the V8 settings', () => {
  it('are made by the first import of main.ts, so they hold before the app is built and listens', () => {
    expect(read('server/src/main.ts').startsWith("import './v8-settings.js';\n")).toBe(true);
    const settings = read('server/src/v8-settings.ts');
    expect(settings).toContain("setFlagsFromString('--no-allocation-site-pretenuring');");
    expect(settings).toContain("setFlagsFromString('--heap-growing-percent=40');");
  });
});
