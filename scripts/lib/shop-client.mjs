// A customer or admin of a running shop, over HTTP, keeping its session cookie
// (test:container, test:systemd).
import sharp from 'sharp';

export const PASSWORD = 'recipe-pass-1';

function expectStatus(res, status, what) {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.text}`);
}

export function shopClient(origin) {
  let cookie = '';
  const call = async (method, url, body) => {
    const headers = { accept: 'application/json', ...(cookie && { cookie }) };
    if (method !== 'GET') headers.origin = origin;
    const form = body instanceof FormData;
    if (body !== undefined && !form) headers['content-type'] = 'application/json';
    const res = await fetch(origin + url, {
      method,
      headers,
      body: form || body === undefined ? body : JSON.stringify(body),
    });
    const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (sid) cookie = sid.split(';')[0];
    return { status: res.status, headers: res.headers, text: await res.text() };
  };
  return {
    call,
    async register(email) {
      const body = { name: 'Recipe', email, password: PASSWORD, confiremPassword: PASSWORD };
      expectStatus(await call('POST', '/api/user/register', body), 201, `register ${email}`);
    },
    async login(email) {
      expectStatus(
        await call('POST', '/api/user/login', { email, password: PASSWORD }),
        200,
        `login ${email}`,
      );
    },
    /** As an admin: uploads an 800×600 PNG; answers the served URL of its WebP. */
    async uploadImage() {
      const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#b5651d' } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('image', new Blob([png], { type: 'image/png' }), 'photo.png');
      const res = await call('POST', '/api/admin/uploads', form);
      expectStatus(res, 201, 'upload');
      const { url } = JSON.parse(res.text);
      const served = await call('GET', url);
      if (served.status !== 200 || served.headers.get('content-type') !== 'image/webp')
        throw new Error(`${url}: ${served.status} ${served.headers.get('content-type')}`);
      return url;
    },
  };
}
