// npm run test:container: deploy/Containerfile built and run for real, with podman (no
// daemon needed). The image is built from this checkout as docs/deploy.md builds it, then
// started the ways the recipe starts it: on a fresh PostgreSQL database with a read-only
// root filesystem (DATA_DIR and UPLOAD_DIR are the only places the shop writes), and on
// its own SQLite database in the data volume. Where the base images cannot be pulled (this
// machine reaches no container registry), it makes local stand-ins first
// (scripts/lib/container-stand-ins.mjs). Needs podman and runc, and debootstrap for the
// stand-ins (.ci/run installs them). Last line: "N passed, M failed".
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { POSTGRES_URL, root, withPostgres } from './lib/bench-shop.mjs';
import { check, expect, finish } from './lib/checks.mjs';
import { baseImagesOf, ensureBaseImages } from './lib/container-stand-ins.mjs';
import { freePort } from './lib/free-port.mjs';
import { podman, podmanRun, requireTools, waitReady } from './lib/podman.mjs';
import { PASSWORD, shopClient } from './lib/shop-client.mjs';

requireTools('test:container', ['podman', 'runc']);

const IMAGE = `localhost/shop-test:${randomBytes(4).toString('hex')}`;
// The image's uid for `node`: the volumes must be writable by it (docs/deploy.md).
const NODE_UID = 1000;

const startContainer = (name, args) => podmanRun(['-d', '--name', name, ...args, IMAGE]);

const containers = [];
const dir = await mkdtemp('/var/tmp/shop-container-');
try {
  const containerfile = readFileSync(path.join(root, 'deploy/Containerfile'), 'utf8');
  for (const line of await ensureBaseImages(baseImagesOf(containerfile))) console.log(`base image ${line}`);
  // As docs/deploy.md builds it. `--isolation chroot`: the build's RUN steps without an
  // OCI runtime (scripts/lib/podman.mjs says why); `--format docker` keeps HEALTHCHECK, which OCI images lack.
  const built = performance.now();
  podman(
    [
      'build',
      '--format',
      'docker',
      '--isolation',
      'chroot',
      '--pull=never',
      '--layers=false',
      '--network',
      'host',
      '-f',
      'deploy/Containerfile',
      '--ignorefile',
      'deploy/Containerfile.dockerignore',
      '-t',
      IMAGE,
      '.',
    ],
    { cwd: root },
  );
  console.log(`built ${IMAGE} in ${((performance.now() - built) / 1000).toFixed(0)} s`);
  await checkImage();
  await withPostgres(POSTGRES_URL, (dbEnv) => checkOnPostgres(dbEnv));
  await checkOnSqlite();
} finally {
  for (const name of containers) podman(['rm', '-f', '-t', '0', name]);
  try {
    podman(['rmi', '-f', IMAGE]);
  } catch {
    // Never built.
  }
  await rm(dir, { recursive: true, force: true });
}

finish();

/** A folder to mount as a volume, writable by the image's `node` user. */
async function volume(name) {
  const folder = path.join(dir, name);
  mkdirSync(folder, { recursive: true });
  chownSync(folder, NODE_UID, NODE_UID);
  return folder;
}

function ready(name, origin) {
  return waitReady(origin, {
    stopped: () => podman(['inspect', name, '--format', '{{.State.Running}}']) !== 'true',
    logs: () => podman(['logs', '--tail', '20', name]),
  });
}

async function checkImage() {
  await check('the image runs as the unprivileged node user, on Node defaults', async () => {
    const user = podman(['image', 'inspect', IMAGE, '--format', '{{.Config.User}}']);
    expect(user === 'node', `User ${user}`);
    const cmd = JSON.parse(podman(['image', 'inspect', IMAGE, '--format', '{{json .Config.Cmd}}']));
    const wanted = ['node', 'server/dist/main.js'];
    expect(JSON.stringify(cmd) === JSON.stringify(wanted), `Cmd ${JSON.stringify(cmd)}`);
  });

  await check('the image holds no compiler and no development dependency', async () => {
    const found = podmanRun([
      '--rm',
      IMAGE,
      'sh',
      '-c',
      'for tool in g++ make python3; do command -v $tool; done; ls -d node_modules/vitest node_modules/typescript node_modules/vite 2>/dev/null; true',
    ]);
    expect(found === '', `found in the image:\n${found}`);
  });
}

async function checkOnPostgres(dbEnv) {
  const name = `shop-test-pg-${randomBytes(3).toString('hex')}`;
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const [data, uploads] = [await volume('pg-data'), await volume('pg-uploads')];
  startContainer(name, [
    '--read-only',
    '--tmpfs',
    '/tmp',
    '-v',
    `${data}:/srv/shop/data`,
    '-v',
    `${uploads}:/srv/shop/uploads`,
    '-e',
    `DATABASE_URL=${dbEnv.DATABASE_URL}`,
    '-e',
    `PORT=${port}`,
    '-e',
    `PUBLIC_URL=${origin}`,
  ]);
  containers.push(name);
  const shop = shopClient(origin);
  const email = `container-${randomBytes(4).toString('hex')}@example.com`;

  await check(
    'on PostgreSQL, with a read-only root filesystem, it migrates, seeds and serves the shop',
    async () => {
      await ready(name, origin);
      const page = await shop.call('GET', '/');
      expect(page.status === 200 && page.text.includes('<div id="root">'), `/ ${page.status}`);
      const script = /src="(\/assets\/[^"]+\.js)"/.exec(page.text)?.[1];
      expect(script, 'no script in the page');
      const asset = await shop.call('GET', script);
      expect(
        asset.status === 200 && /immutable/.test(asset.headers.get('cache-control') ?? ''),
        `${script}: ${asset.status} ${asset.headers.get('cache-control')}`,
      );
      await shop.register(email);
      await shop.login(email);
      const products = await shop.call('GET', '/api/get-products');
      expect(products.status === 200, `get-products ${products.status} ${products.text}`);
      expect(JSON.parse(products.text).products.length > 0, 'the demo catalog was not seeded');
    },
  );

  await check(
    'an admin made with the image CLI uploads an image: WebP sizes land in the uploads volume',
    async () => {
      const admin = `admin-${email}`;
      podman([
        'exec',
        name,
        'node',
        'server/dist/cli/create-admin.js',
        '--email',
        admin,
        '--password',
        PASSWORD,
      ]);
      await shop.login(admin);
      const url = await shop.uploadImage();
      const stored = readdirSync(uploads);
      expect(stored.includes(path.basename(url)), `uploads volume holds ${stored}`);
    },
  );

  await check("the image's health check passes", async () => {
    podman(['healthcheck', 'run', name]);
  });

  await check('SIGTERM drains and stops it with exit code 0, well before a kill', async () => {
    podman(['stop', '-t', '30', name]);
    const code = podman(['inspect', name, '--format', '{{.State.ExitCode}}']);
    expect(code === '0', `exit code ${code}`);
    expect(podman(['logs', name]).includes('draining in-flight requests'), 'no drain in the log');
  });
}

async function checkOnSqlite() {
  const data = await volume('sqlite-data');
  const email = `container-${randomBytes(4).toString('hex')}@example.com`;
  const start = async () => {
    const name = `shop-test-sqlite-${randomBytes(3).toString('hex')}`;
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    startContainer(name, [
      '-v',
      `${data}:/srv/shop/data`,
      '-e',
      `PORT=${port}`,
      '-e',
      `PUBLIC_URL=${origin}`,
    ]);
    containers.push(name);
    await ready(name, origin);
    return { name, shop: shopClient(origin) };
  };

  await check(
    'without DATABASE_URL, its SQLite database lives in the data volume and outlives the container',
    async () => {
      const first = await start();
      await first.shop.register(email);
      podman(['stop', '-t', '30', first.name]);
      expect(existsSync(path.join(data, 'shop.db')), `data volume holds ${readdirSync(data)}`);
      const second = await start();
      await second.shop.login(email);
    },
  );
}
