import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, filesIn, loginAsAdmin, uploadedImageUrl, validProduct } from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';

describe(`the UPLOAD_DIR setting (${testDbKind})`, () => {
  let t: TestApp;
  const uploadDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-uploads-')), 'images');
  beforeAll(async () => {
    t = await createTestApp({ UPLOAD_DIR: uploadDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(path.dirname(uploadDir), { recursive: true, force: true });
  });

  it('stores uploads in UPLOAD_DIR (made if missing), serves them from there and lets products use them', async () => {
    expect(t.app.ctx.config.uploadDir).toBe(uploadDir);
    const { sid } = await loginAsAdmin(t.app);
    const url = await uploadedImageUrl(t.app, sid);

    const name = path.basename(url);
    const id = path.basename(name, '.webp');
    expect(filesIn(uploadDir).sort()).toEqual(
      [name, `${id}-240.webp`, `${id}-480.webp`, `${id}-960.webp`].sort(),
    );
    expect((await sharp(path.join(uploadDir, name)).metadata()).format).toBe('webp');
    expect(filesIn(path.join(t.app.ctx.config.dataDir, 'uploads'))).toEqual([]);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.equals(fs.readFileSync(path.join(uploadDir, name)))).toBe(true);

    expect((await addProduct(t.app, sid, validProduct({ image: url }))).statusCode).toBe(201);
  });

  it('answers 404 for an upload that is not there', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/uploads/not-there.webp' });
    expect(res.statusCode).toBe(404);
  });
});
