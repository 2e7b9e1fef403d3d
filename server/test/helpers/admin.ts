import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AuditEntry, ProductInput } from '@shop/shared';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import type { App } from '../../src/app.js';
import type { Db } from '../../src/db/index.js';
import { userRow } from './db.js';
import { loginAs, newCustomer } from './users.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Sets the admin flag straight in the database, the way create-admin (or an operator) does. */
export function setAdmin(db: Db, userId: string, isAdmin: boolean) {
  return db
    .updateTable('users')
    .set({ is_admin: isAdmin ? 1 : 0 })
    .where('id', '=', userId)
    .execute();
}

/** A registered, logged-in user, with their id for reading rows. */
export async function loggedIn(app: App, user = newCustomer()) {
  const session = await loginAs(app, user);
  const row = await userRow(app, session.user.email);
  return { ...session, id: row!.id };
}

/** A user logged in as a customer, then promoted in the database: the next request is an admin's. */
export async function loginAsAdmin(app: App, user = newCustomer({ name: 'Admin' })) {
  const session = await loggedIn(app, user);
  await setAdmin(app.ctx.db, session.id, true);
  return session;
}

/** Factory: the six product fields, every rule satisfied. Price in rupees. */
export function validProduct<T extends Partial<Record<keyof ProductInput, unknown>>>(overrides = {} as T) {
  return {
    name: `Admin Product ${randomBytes(4).toString('hex')}`,
    category: 'electronics',
    price: 1499.5,
    countInStock: 12,
    image: 'https://cdn.example.com/images/lamp.jpg',
    description: 'A desk lamp with a warm light.',
    ...overrides,
  };
}

/** Any call with an optional session and JSON payload; `extra` adds headers, cookies, a query. */
export function call(
  app: App,
  method: Method,
  url: string,
  sid?: string,
  payload?: object,
  extra: Pick<InjectOptions, 'headers' | 'cookies'> = {},
) {
  const cookies = { ...extra.cookies, ...(sid === undefined ? {} : { sid }) };
  return app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload }),
    ...(Object.keys(cookies).length > 0 ? { cookies } : {}),
    ...(extra.headers ? { headers: extra.headers } : {}),
  });
}

export const addProduct = (app: App, sid: string | undefined, body: object) =>
  call(app, 'POST', '/api/addProduct', sid, body);

export const editProduct = (app: App, sid: string | undefined, id: string, body: object) =>
  call(app, 'PATCH', `/api/product/editProduct/${id}`, sid, body);

export const deleteProduct = (app: App, sid: string | undefined, id: string) =>
  call(app, 'DELETE', `/api/product/delete/${id}`, sid);

export const deleteUser = (app: App, sid: string | undefined, id: string) =>
  call(app, 'DELETE', `/api/user/delete/${id}`, sid);

export const deliver = (app: App, sid: string | undefined, id: string) =>
  call(app, 'PATCH', `/api/admin/orders/${id}/deliver`, sid);

export async function auditOf(app: App, sid: string): Promise<AuditEntry[]> {
  const res = await call(app, 'GET', '/api/admin/audit', sid);
  if (res.statusCode !== 200) throw new Error(`audit failed: ${res.statusCode} ${res.body}`);
  return res.json() as AuditEntry[];
}

// ---- Uploads

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipartImage(buffer: Buffer, filename: string, contentType: string, field = 'image') {
  const boundary = `----shop-test-${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
    `Content-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), buffer, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A multipart body with only a text field: a form sent without choosing a file. */
export function multipartText(field: string, value: string) {
  const boundary = `----shop-test-${randomBytes(8).toString('hex')}`;
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n--${boundary}--\r\n`;
  return {
    payload: Buffer.from(body),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function upload(
  app: App,
  sid: string | undefined,
  body: { payload: Buffer | string | object; headers: Record<string, string> },
  extra: Pick<InjectOptions, 'headers' | 'cookies'> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/admin/uploads',
    payload: body.payload,
    headers: { ...body.headers, ...extra.headers },
    cookies: { ...extra.cookies, ...(sid === undefined ? {} : { sid }) },
  });
}

/** A real image made by sharp: a colour gradient-free block is enough to be decodable. */
export function imageOf(format: 'png' | 'jpeg' | 'webp' | 'gif', width = 64, height = 48) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .toFormat(format)
    .toBuffer();
}

/** Uploads a PNG as the admin and answers its /uploads/ URL. */
export async function uploadedImageUrl(app: App, sid: string): Promise<string> {
  const res = await upload(app, sid, multipartImage(await imageOf('png'), 'photo.png', 'image/png'));
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { url: string }).url;
}

/** The file names in a folder (none when it does not exist yet). */
export function filesIn(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

// ---- Rows as stored

const TABLES = [
  'users',
  'sessions',
  'products',
  'reviews',
  'cart_lines',
  'checkouts',
  'checkout_lines',
  'orders',
  'audit_log',
] as const;

/** Every row of the tables admin routes could touch, in a stable order: compare before and after. */
export async function snapshot(db: Db) {
  const tables: Record<string, string[]> = {};
  for (const table of TABLES) {
    const rows = await db.selectFrom(table).selectAll().execute();
    tables[table] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return tables;
}

export async function adminCount(db: Db): Promise<number> {
  const rows = await db.selectFrom('users').select('id').where('is_admin', '=', 1).execute();
  return rows.length;
}
