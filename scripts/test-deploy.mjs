// npm run test:deploy: docs/deploy.md's recipe, run for real on this machine.
// The machine's nginx with deploy/nginx.conf (only its addresses, ports and
// certificate paths replaced: a self-signed certificate for localhost) in
// front of two production shop processes on one fresh PostgreSQL database and
// Redis, with TRUST_PROXY=1 and an https PUBLIC_URL. It checks what the recipe
// promises a customer and an operator. Needs nginx and openssl
// (apt-get install nginx); not part of npm test. Last line: "N passed, M failed".
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import https from 'node:https';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { POSTGRES_URL, root, Shop, sleep, withPostgres } from './lib/bench-shop.mjs';
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
    .replace('/etc/letsencrypt/live/shop.example.com/privkey.pem', path.join(dir, 'key.pem'));
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
function request(url, { method = 'GET', headers = {}, body, ca } = {}) {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = client.request(target, { method, headers, ca }, (res) => {
      answered = true;
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString() }),
      );
    });
    // nginx answers 413 before reading a body that is too large; writing the rest then fails.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.end(body);
  });
}

const results = [];
async function check(name, fn) {
  try {
    await fn();
    results.push({ name, ok: true });
    console.log(`ok   ${name}`);
  } catch (error) {
    results.push({ name, ok: false });
    console.log(`FAIL ${name}\n     ${error instanceof Error ? error.message : String(error)}`);
  }
}
function expect(condition, message) {
  if (!condition) throw new Error(message);
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-deploy-'));
// nginx's workers (not root) keep large request bodies in temp folders under it.
await chmod(dir, 0o755);
let nginx;
const shops = [];
try {
  await withPostgres(POSTGRES_URL, async (dbEnv) => {
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
      TRUST_PROXY: '1',
      PUBLIC_URL: origin,
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
    for (let tries = 0; ; tries += 1) {
      try {
        await request(`${origin}/healthz`, { ca });
        break;
      } catch (error) {
        if (tries > 100) throw error;
        await sleep(50);
      }
    }
    const post = (url, payload, headers = {}) =>
      request(`${origin}${url}`, {
        method: 'POST',
        ca,
        headers: { 'content-type': 'application/json', origin, ...headers },
        body: JSON.stringify(payload),
      });
    // Login, register, forgot and reset share one budget per client address; all of ours come from here.
    let authRequests = 0;
    const authPost = (url, payload, headers) => {
      authRequests += 1;
      return post(url, payload, headers);
    };

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
      const registered = await authPost('/api/user/register', {
        name: 'Deploy',
        email,
        password: PASSWORD,
        confiremPassword: PASSWORD,
      });
      expect(registered.status === 201, `register ${registered.status} ${registered.text}`);
      const login = await authPost('/api/user/login', { email, password: PASSWORD });
      expect(login.status === 200, `login ${login.status} ${login.text}`);
      const sid = (login.headers['set-cookie'] ?? []).find((c) => c.startsWith('sid='));
      expect(sid && /;\s*Secure/i.test(sid) && /;\s*HttpOnly/i.test(sid), `set-cookie ${sid}`);
      cookie = sid.split(';')[0];
    });

    await check('the session holds on both instances', async () => {
      for (let i = 0; i < 6; i += 1) {
        const res = await request(`${origin}/api/get-user`, { ca, headers: { cookie } });
        expect(
          res.status === 200 && JSON.parse(res.text).user?.email === email,
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
        // Refused before the shop's rate limit looks at them: they do not use its budget.
        const huge = await post('/api/user/login', { email, password: 'x'.repeat(7 * 1024 * 1024) });
        expect(huge.status === 413, `7 MB: ${huge.status}`);
        const large = await post('/api/user/login', { email, password: 'x'.repeat(2 * 1024 * 1024) });
        expect(large.status === 413 && JSON.parse(large.text).message, `2 MB: ${large.status} ${large.text}`);
      },
    );

    await check(
      'the per-address limit counts the real client across both instances, whatever X-Forwarded-For it sends',
      async () => {
        const left = AUTH_LIMIT - authRequests;
        const statuses = [];
        for (let i = 0; i <= left; i += 1) {
          const res = await authPost(
            '/api/user/login',
            { email: `nobody-${i}@example.com`, password: PASSWORD },
            { 'x-forwarded-for': `203.0.113.${i + 1}` },
          );
          statuses.push(res.status);
        }
        // 404: "User is not registered", until the budget is spent.
        expect(
          statuses.slice(0, left).every((s) => s === 404),
          `statuses ${statuses}`,
        );
        expect(statuses[left] === 429, `statuses ${statuses}`);
      },
    );

    await check('with one instance stopped, every answer comes from the other', async () => {
      await shops[0].stop();
      for (let i = 0; i < 8; i += 1) {
        const res = await request(`${origin}/api/get-user`, { ca, headers: { cookie } });
        expect(res.status === 200, `get-user ${i + 1}: ${res.status}`);
      }
    });
  });
} finally {
  nginx?.kill('SIGQUIT');
  if (nginx) await new Promise((resolve) => nginx.once('exit', resolve));
  for (const shop of shops) if (shop.child.exitCode === null) await shop.stop();
  await rm(dir, { recursive: true, force: true });
}

const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
