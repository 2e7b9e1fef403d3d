// npm run test:deploy: docs/deploy.md's recipe, run for real on this machine.
// The machine's nginx with deploy/nginx.conf (only its addresses, ports and
// certificate paths replaced: a self-signed certificate for localhost) in
// front of two production shop processes on one fresh PostgreSQL database and
// Redis, with TRUST_PROXY set to nginx's address and an https PUBLIC_URL. It checks what the recipe
// promises a customer and an operator. Needs nginx and openssl
// (apt-get install nginx; .ci/run does). The last step of npm test.
// Last line: "N passed, M failed".
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import https from 'node:https';
import http from 'node:http';
import path from 'node:path';
import { POSTGRES_URL, root, Shop, sleep, withPostgres } from './lib/bench-shop.mjs';
import { check, expect, finish } from './lib/checks.mjs';
import { freePort } from './lib/free-port.mjs';

const REDIS_URL = process.env.DEPLOY_REDIS_URL ?? 'redis://127.0.0.1:6379';
const AUTH_LIMIT = 6;
const PASSWORD = 'deploy-pass-1';

for (const tool of ['nginx', 'openssl']) {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
  } catch {
    console.error(`test:deploy needs ${tool} on this machine (apt-get install ${tool}).`);
    process.exit(2);
  }
}
if (!existsSync(path.join(root, 'server/dist/main.js'))) {
  console.error('test:deploy runs the production build: run `npm run build` first.');
  process.exit(2);
}

/** deploy/nginx.conf as shipped, pointed at this machine's shops, ports and certificate. */
function nginxConfig(dir, { httpPort, httpsPort, shopPorts }) {
  const shipped = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
  const servers = shipped.match(/^\s*server 10\.0\.0\.\d+:3000 .*$/gm) ?? [];
  if (servers.length !== shopPorts.length)
    throw new Error('deploy/nginx.conf no longer lists two upstream servers');
  let conf = shipped;
  servers.forEach(
    (line, i) => (conf = conf.replace(line, line.replace(/10\.0\.0\.\d+:3000/, `127.0.0.1:${shopPorts[i]}`))),
  );
  const replaced = conf
    .replace(/^\s*listen \[::\].*$/gm, '')
    .replace(/listen 80;/, `listen 127.0.0.1:${httpPort};`)
    .replace(/listen 443 /, `listen 127.0.0.1:${httpsPort} `)
    .replace('/etc/letsencrypt/live/shop.example.com/fullchain.pem', path.join(dir, 'cert.pem'))
    .replace('/etc/letsencrypt/live/shop.example.com/privkey.pem', path.join(dir, 'key.pem'))
    .replaceAll('/var/log/nginx/shop.access.log', path.join(dir, 'shop.access.log'))
    .replaceAll('/var/www/letsencrypt', path.join(dir, 'acme'));
  writeFileSync(path.join(dir, 'shop.conf'), replaced);
  // Only what the packaged /etc/nginx/nginx.conf would give around it, in this folder.
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events {}
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  include ${dir}/shop.conf;
}
`,
  );
}

/** One request to nginx; TLS checked against the test certificate. */
function request(url, { method = 'GET', headers = {}, body, ca, localAddress } = {}) {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = client.request(target, { method, headers, ca, localAddress }, (res) => {
      answered = true;
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('aborted', () => reject(new Error(`${method} ${url}: the answer was cut off`)));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString() }),
      );
    });
    req.setTimeout(15_000, () => req.destroy(new Error(`${method} ${url}: no answer within 15 s`)));
    // nginx answers 413 before reading a body that is too large; writing the rest then fails.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.end(body);
  });
}

// Under /tmp whatever TMPDIR says: nginx's workers (not root) keep large request bodies in
// folders under it, so every folder on the way must let them in.
const dir = await mkdtemp('/tmp/shop-deploy-');
await chmod(dir, 0o755);
let nginx;
let nginxExited;
const shops = [];

/** nginx and the shops stop before their database is dropped; each stop waits for the exit. */
async function stopAll() {
  if (nginx && nginx.exitCode === null && nginx.signalCode === null) nginx.kill('SIGQUIT');
  await nginxExited;
  for (const shop of shops)
    if (shop.child.exitCode === null && shop.child.signalCode === null) await shop.stop();
}

try {
  await withPostgres(POSTGRES_URL, async (dbEnv) => {
    try {
      await deployAndCheck(dbEnv);
    } finally {
      await stopAll();
    }
  });
} finally {
  await rm(dir, { recursive: true, force: true });
}

finish();

async function deployAndCheck(dbEnv) {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const ca = readFileSync(path.join(dir, 'cert.pem'));
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const origin = `https://localhost:${httpsPort}`;
  const env = {
    ...dbEnv,
    // Mail outbox and uploads: one folder, as the shared volume of the recipe.
    DATA_DIR: dir,
    REDIS_URL,
    REDIS_KEY_PREFIX: `deploy-${randomBytes(4).toString('hex')}:`,
    // nginx connects from 127.0.0.1: the proxy's address, as deploy/shop.env.example names it.
    TRUST_PROXY: '127.0.0.1',
    PUBLIC_URL: origin,
    // No Razorpay account here: the test gateway, on purpose.
    ALLOW_TEST_PAYMENTS: '1',
    AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_LIMIT),
  };
  // One at a time: the first migrates and seeds the empty database.
  for (const i of [0, 1]) {
    const shop = new Shop(env, path.join(dir, `shop-${i}.log`));
    await shop.start();
    shops.push(shop);
  }
  nginxConfig(dir, { httpPort, httpsPort, shopPorts: shops.map((s) => s.port) });
  execFileSync('nginx', ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'pipe' });
  nginx = spawn('nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: 'inherit',
  });
  nginxExited = new Promise((resolve) => nginx.once('exit', resolve));
  for (let tries = 0; ; tries += 1) {
    // It exits at once when it cannot listen (a port taken since freePort chose it).
    if (nginx.exitCode !== null) throw new Error(`nginx exited (${nginx.exitCode}); see its messages above`);
    try {
      await request(`${origin}/healthz`, { ca });
      break;
    } catch (error) {
      if (tries > 100) throw error;
      await sleep(50);
    }
  }
  const post = (url, payload, headers = {}, localAddress = undefined) =>
    request(`${origin}${url}`, {
      method: 'POST',
      ca,
      localAddress,
      headers: { 'content-type': 'application/json', origin, ...headers },
      body: JSON.stringify(payload),
    });

  await check('plain HTTP is sent to HTTPS', async () => {
    const res = await request(`http://127.0.0.1:${httpPort}/login?next=1`, {
      headers: { host: 'localhost' },
    });
    expect(res.status === 301, `status ${res.status}`);
    expect(res.headers.location === 'https://localhost/login?next=1', `location ${res.headers.location}`);
  });

  await check(
    'HTTPS serves the shop with HSTS, and nginx request id reaches the shop and comes back',
    async () => {
      const res = await request(`${origin}/login`, { ca });
      expect(res.status === 200 && res.text.includes('<div id="root">'), `status ${res.status}`);
      expect(res.headers['strict-transport-security'] === 'max-age=31536000; includeSubDomains', 'no HSTS');
      const api = await request(`${origin}/healthz`, { ca });
      expect(
        /^[0-9a-f]{32}$/.test(String(api.headers['x-request-id'])),
        `x-request-id ${api.headers['x-request-id']}`,
      );
    },
  );

  const email = `deploy-${randomBytes(4).toString('hex')}@example.com`;
  let cookie = '';
  await check('a customer registers and logs in; the session cookie is Secure and HttpOnly', async () => {
    const registered = await post('/api/user/register', {
      name: 'Deploy',
      email,
      password: PASSWORD,
      confiremPassword: PASSWORD,
    });
    expect(registered.status === 201, `register ${registered.status} ${registered.text}`);
    const login = await post('/api/user/login', { email, password: PASSWORD });
    expect(login.status === 200, `login ${login.status} ${login.text}`);
    const sid = (login.headers['set-cookie'] ?? []).find((c) => c.startsWith('sid='));
    expect(sid && /;\s*Secure/i.test(sid) && /;\s*HttpOnly/i.test(sid), `set-cookie ${sid}`);
    cookie = sid.split(';')[0];
  });

  await check('the session holds on both instances', async () => {
    for (let i = 0; i < 6; i += 1) {
      const res = await request(`${origin}/api/get-user`, { ca, headers: { cookie } });
      expect(
        res.status === 200 && JSON.parse(res.text).email === email,
        `get-user ${res.status} ${res.text}`,
      );
    }
    for (const [i, shop] of shops.entries()) {
      expect(
        readFileSync(shop.logFile, 'utf8').includes('/api/get-user'),
        `instance ${i + 1} answered no get-user`,
      );
    }
  });

  await check(
    'bodies over 6 MB stop at nginx; smaller ones reach the shop, which answers its own 413',
    async () => {
      const huge = await post('/api/user/login', { email, password: 'x'.repeat(7 * 1024 * 1024) });
      // nginx's own page: the shop would answer JSON, with its request id.
      expect(
        huge.status === 413 && huge.headers['content-type'] === 'text/html' && !huge.headers['x-request-id'],
        `7 MB: ${huge.status} ${huge.headers['content-type']} ${huge.headers['x-request-id'] ?? ''}`,
      );
      const large = await post('/api/user/login', { email, password: 'x'.repeat(2 * 1024 * 1024) });
      expect(
        large.status === 413 && typeof JSON.parse(large.text) === 'string' && large.headers['x-request-id'],
        `2 MB: ${large.status} ${large.text}`,
      );
    },
  );

  await check(
    'the per-address limit counts the real client across both instances, whatever X-Forwarded-For it sends',
    async () => {
      // From another loopback address than every request before: a budget of its own.
      const client = '127.0.0.2';
      const statuses = [];
      for (let i = 0; i <= AUTH_LIMIT; i += 1) {
        const res = await post(
          '/api/user/login',
          { email: `nobody-${i}@example.com`, password: PASSWORD },
          { 'x-forwarded-for': `203.0.113.${i + 1}` },
          client,
        );
        statuses.push(res.status);
      }
      // 404: "User is not registered", until the budget is spent.
      expect(
        statuses.slice(0, AUTH_LIMIT).every((status) => status === 404),
        `statuses ${statuses}`,
      );
      expect(statuses[AUTH_LIMIT] === 429, `statuses ${statuses}`);
      // Each shop logged the address nginx saw, not one the client wrote, nor nginx's own.
      for (const [i, shop] of shops.entries()) {
        const logins = readFileSync(shop.logFile, 'utf8')
          .split('\n')
          .filter((line) => line.includes('"url":"/api/user/login"'))
          .map((line) => JSON.parse(line).req?.remoteAddress)
          .filter((address) => address !== undefined);
        expect(logins.includes(client), `instance ${i + 1} logged login addresses ${[...new Set(logins)]}`);
        expect(
          !logins.some((a) => a.startsWith('203.0.113.')),
          `instance ${i + 1} trusted a spoofed address`,
        );
      }
    },
  );

  await check("plain HTTP serves Let's Encrypt's challenge files from the webroot", async () => {
    mkdirSync(path.join(dir, 'acme/.well-known/acme-challenge'), { recursive: true });
    writeFileSync(path.join(dir, 'acme/.well-known/acme-challenge/challenge-1'), 'key-authorization');
    const res = await request(`http://127.0.0.1:${httpPort}/.well-known/acme-challenge/challenge-1`, {
      headers: { host: 'localhost' },
    });
    expect(res.status === 200 && res.text === 'key-authorization', `status ${res.status} ${res.text}`);
  });

  await check(
    "nginx's access log holds no password-reset token, neither the page's nor its POST's",
    async () => {
      const token = `resettoken${randomBytes(8).toString('hex')}`;
      const page = await request(`${origin}/resetPassword/${token}`, { ca });
      expect(page.status === 200, `page ${page.status}`);
      // The page's own request carries its URL in Referer (strict-origin-when-cross-origin).
      await post(
        `/api/user/resetPassword/${token}`,
        { password: PASSWORD, confiremPassword: PASSWORD },
        { referer: `${origin}/resetPassword/${token}` },
      );
      const logFile = path.join(dir, 'shop.access.log');
      let log = '';
      for (let tries = 0; !log.includes('/api/user/resetPassword/') && tries < 50; tries += 1) {
        await sleep(50);
        log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
      }
      expect(log.includes('"GET /resetPassword/[redacted] '), `no redacted page request:\n${log}`);
      expect(log.includes('"POST /api/user/resetPassword/[redacted] '), `no redacted POST:\n${log}`);
      expect(!log.includes(token), `the token is in the access log:\n${log}`);
    },
  );

  await check('with one instance stopped, every answer comes from the other', async () => {
    await shops[0].stop();
    for (let i = 0; i < 8; i += 1) {
      const res = await request(`${origin}/api/get-user`, { ca, headers: { cookie } });
      expect(res.status === 200, `get-user ${i + 1}: ${res.status}`);
    }
  });
}
