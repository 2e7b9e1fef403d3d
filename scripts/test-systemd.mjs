// npm run test:systemd: deploy/shop.service run by systemd, as docs/deploy.md installs it.
// The host is a container whose init is systemd (podman, Debian bookworm made with
// debootstrap), with this machine's node at /usr/bin/node. The shop is installed in it as the
// doc says: deploy/pack.sh's archive of this checkout unpacked into /srv/shop, the unit and
// deploy/shop.env.example with
// this machine's PostgreSQL and Redis. Needs the build (npm run build), podman and runc, and
// debootstrap the first time (.ci/run installs them). Last line: "N passed, M failed".
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { POSTGRES_URL, root, sleep, withPostgres } from './lib/bench-shop.mjs';
import { check, expect, finish } from './lib/checks.mjs';
import { ensureSystemdHostImage } from './lib/container-stand-ins.mjs';
import { freePort } from './lib/free-port.mjs';
import { podman, podmanRun, requireTools, waitReady } from './lib/podman.mjs';
import { shopClient, PASSWORD } from './lib/shop-client.mjs';

requireTools('test:systemd', ['podman', 'runc']);
if (!existsSync(path.join(root, 'server/dist/main.js')) || !existsSync(path.join(root, 'web/dist'))) {
  console.error('test:systemd runs the production build: run `npm run build` first.');
  process.exit(2);
}

const HOST_IMAGE = 'localhost/shop-systemd-host:bookworm';
const REDIS_URL = process.env.DEPLOY_REDIS_URL ?? 'redis://127.0.0.1:6379';
const name = `shop-systemd-${randomBytes(3).toString('hex')}`;
/** A shell command on the systemd host, as root; answers its output. */
const onHost = (command) => podman(['exec', name, 'sh', '-c', command]);
const property = (key) => onHost(`systemctl show shop --value -p ${key}`);

console.log(`host image ${await ensureSystemdHostImage(HOST_IMAGE)}`);
let started = false;
try {
  await withPostgres(POSTGRES_URL, async (dbEnv) => {
    podmanRun([
      '-d',
      '--name',
      name,
      '--systemd=always',
      // systemd sets up the unit's sandbox (ProtectSystem, PrivateTmp, ...) only with the
      // capabilities a host gives it; unprivileged, it skips that without a word.
      '--privileged',
      '-v',
      `${process.execPath}:/usr/bin/node:ro`,
      HOST_IMAGE,
      '/lib/systemd/systemd',
    ]);
    started = true;
    try {
      await install(dbEnv);
    } finally {
      // Before the database is dropped.
      onHost('systemctl stop shop');
    }
  });
} finally {
  if (started) podman(['rm', '-f', '-t', '0', name]);
}
finish();

/** docs/deploy.md's commands, with deploy/shop.env.example pointed at this machine. */
async function install(dbEnv) {
  for (let tries = 0; !/running|degraded/.test(onHost('systemctl is-system-running || true')); tries += 1) {
    if (tries > 300)
      throw new Error(`systemd did not come up: ${onHost('systemctl is-system-running || true')}`);
    await sleep(100);
  }
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const settings = {
    // Every address: the start that needs the network interfaces listed (AF_NETLINK).
    HOST: '0.0.0.0',
    PORT: String(port),
    PUBLIC_URL: origin,
    DATABASE_URL: dbEnv.DATABASE_URL,
    REDIS_URL,
  };
  const env = readFileSync(path.join(root, 'deploy/shop.env.example'), 'utf8')
    .split('\n')
    // No mail server or Razorpay account here: the outbox and the test gateway.
    .filter((line) => !/^(SMTP_URL|RAZORPAY_)/.test(line))
    .map((line) => {
      const key = line.split('=')[0];
      return key in settings ? `${key}=${settings[key]}` : line;
    })
    .join('\n');
  onHost(`mkdir -p /etc/shop && umask 077 && cat > /etc/shop/shop.env <<'END'
${env}
REDIS_KEY_PREFIX=systemd-${randomBytes(4).toString('hex')}:
END`);
  // The build machine's part: deploy/pack.sh (uncompressed here, quicker), then the archive and
  // the unit copied to the host.
  const dir = await mkdtemp('/var/tmp/shop-systemd-');
  try {
    const archive = path.join(dir, 'shop.tar');
    execFileSync('sh', ['deploy/pack.sh', archive], { cwd: root, stdio: 'inherit' });
    podman(['cp', archive, `${name}:/root/shop.tar`]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  podman(['cp', path.join(root, 'deploy/shop.service'), `${name}:/root/shop.service`]);
  // docs/deploy.md's commands on the host.
  onHost(`cd /root
useradd --system --home /srv/shop --shell /usr/sbin/nologin shop
install -d -m 0750 -o shop -g shop /var/lib/shop/data /srv/shop-uploads
install -d -m 0755 /srv/shop && tar -xf shop.tar --no-same-owner -C /srv/shop
cp shop.service /etc/systemd/system/ && systemctl daemon-reload && systemctl enable --now shop`);
  await checkService(origin);
}

async function checkService(origin) {
  const shop = shopClient(origin);
  const email = `systemd-${randomBytes(4).toString('hex')}@example.com`;
  const mainPid = () => property('MainPID');
  const ready = () =>
    waitReady(origin, {
      stopped: () => property('ActiveState') === 'failed',
      logs: () => onHost('journalctl -u shop --no-pager -n 20'),
    });

  await check('systemd starts the unit as shipped, on every address, and the shop answers', async () => {
    await ready();
    expect(property('ActiveState') === 'active', `ActiveState ${property('ActiveState')}`);
    await shop.register(email);
    await shop.login(email);
  });

  await check('it runs as the shop user, with the settings file read as systemd reads it', async () => {
    const uid = /^Uid:\s+(\d+)/m.exec(onHost(`cat /proc/${mainPid()}/status`))?.[1];
    expect(uid === onHost('id -u shop'), `uid ${uid}`);
    // The example's quoted MAIL_FROM: systemd strips the quotes.
    const from = onHost(`tr '\\0' '\\n' < /proc/${mainPid()}/environ | grep '^MAIL_FROM='`);
    expect(from === 'MAIL_FROM=The Shop <orders@shop.example.com>', from);
  });

  await check(
    'the file system is read-only for it but ReadWritePaths, where an admin upload lands',
    async () => {
      const admin = `admin-${email}`;
      onHost(
        `set -a && . /etc/shop/shop.env && set +a && runuser -u shop -- node /srv/shop/server/dist/cli/create-admin.js --email ${admin} --password ${PASSWORD}`,
      );
      await shop.login(admin);
      const url = await shop.uploadImage();
      expect(
        onHost('ls /srv/shop-uploads').split('\n').includes(path.basename(url)),
        `${url} not in the uploads`,
      );
      // The service's own view: / read-only, the two folders of ReadWritePaths writable.
      const mounts = onHost(`cat /proc/${mainPid()}/mountinfo`).split('\n');
      const options = (point) => mounts.find((l) => l.split(' ')[4] === point)?.split(' ')[5] ?? 'none';
      for (const [point, mode] of [
        ['/', 'ro'],
        ['/var/lib/shop/data', 'rw'],
        ['/srv/shop-uploads', 'rw'],
      ])
        expect(options(point).split(',')[0] === mode, `${point} mounted ${options(point)}`);
    },
  );

  await check(
    'UMask=0077: what it writes (a reset mail in the outbox, an upload) is for the shop user alone, and still served',
    async () => {
      const forgot = await shop.call('POST', '/api/user/forgotPass', { email });
      expect(forgot.status === 200, `forgotPass ${forgot.status} ${forgot.text}`);
      let mail = '';
      for (let tries = 0; !mail; tries += 1) {
        if (tries > 100) throw new Error('no reset mail in /var/lib/shop/data/outbox');
        await sleep(100);
        mail = onHost('ls /var/lib/shop/data/outbox/*.eml 2>/dev/null || true').split('\n')[0];
      }
      const modes = onHost(
        `stat -c '%a %U %n' /var/lib/shop/data /var/lib/shop/data/outbox ${mail} /srv/shop-uploads/*.webp`,
      ).split('\n');
      for (const line of modes) expect(/^(750|700|600) shop /.test(line), `readable by others: ${line}`);
      // uploadImage (above) fetched its image back; the shop's own files still serve too.
      expect((await shop.call('GET', '/')).status === 200, '/ not served');
    },
  );

  await check('killed, it is started again (Restart=on-failure)', async () => {
    const before = mainPid();
    onHost('systemctl kill -s SIGKILL shop');
    for (let tries = 0; mainPid() === before || mainPid() === '0'; tries += 1) {
      if (tries > 100) throw new Error(`not restarted: ${property('ActiveState')}`);
      await sleep(100);
    }
    await ready();
    await shop.login(email);
  });

  await check('systemctl stop: SIGTERM drains it and the unit ends clean', async () => {
    onHost('systemctl stop shop');
    expect(property('Result') === 'success', `Result ${property('Result')}`);
    expect(property('ExecMainStatus') === '0', `ExecMainStatus ${property('ExecMainStatus')}`);
    expect(
      onHost('journalctl -u shop --no-pager').includes('draining in-flight requests'),
      'no drain in the journal',
    );
  });
}
