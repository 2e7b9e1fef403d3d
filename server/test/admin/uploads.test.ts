import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MAX_UPLOAD_BYTES, messages, serverMessages } from '@shop/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesIn, imageOf, loginAsAdmin, multipartImage, multipartText, upload } from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe(`uploading a product image (${testDbKind})`, () => {
  let t: TestApp;
  let sid: string;
  let uploadDir: string;
  beforeAll(async () => {
    t = await createTestApp();
    sid = (await loginAsAdmin(t.app)).sid;
    uploadDir = t.app.ctx.config.uploadDir;
  });
  afterAll(() => t.close());

  /** Uploads and answers the stored file's path and its sharp metadata. */
  async function uploadAccepted(buffer: Buffer, filename: string, contentType: string) {
    const res = await upload(t.app, sid, multipartImage(buffer, filename, contentType));
    expect(res.statusCode, res.body).toBe(201);
    const { url } = res.json() as { url: string };
    expect(res.json()).toEqual({ url: expect.stringMatching(/^\/uploads\/[\w-]+\.webp$/) });
    const file = path.join(uploadDir, path.basename(url));
    return { url, file, meta: await sharp(file).metadata() };
  }

  /** Uploads `body`; it must be refused with `status` and `message`, writing no file. */
  async function expectRefused(body: Parameters<typeof upload>[2], status: number, message: string) {
    const before = filesIn(uploadDir);
    const res = await upload(t.app, sid, body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toEqual(message);
    expect(filesIn(uploadDir)).toEqual(before);
  }

  it.each([
    ['a PNG', 'png', 'photo.png', 'image/png'],
    ['a JPEG', 'jpeg', 'photo.jpg', 'image/jpeg'],
    ['a WebP', 'webp', 'photo.webp', 'image/webp'],
  ] as const)(
    'stores %s as a WebP under /uploads/ and answers 201 with its URL',
    async (_c, format, name, type) => {
      const { file, meta } = await uploadAccepted(await imageOf(format, 64, 48), name, type);
      expect(fs.existsSync(file)).toBe(true);
      expect(meta).toMatchObject({ format: 'webp', width: 64, height: 48 });
    },
  );

  it('shrinks a 3000×2000 photo to 1000 px on its longest side, keeping the shape', async () => {
    const { meta } = await uploadAccepted(await imageOf('jpeg', 3000, 2000), 'big.jpg', 'image/jpeg');
    expect(meta).toMatchObject({ format: 'webp', width: 1000, height: 667 });
    const tall = await uploadAccepted(await imageOf('png', 2000, 3000), 'tall.png', 'image/png');
    expect(tall.meta).toMatchObject({ width: 667, height: 1000 });
  });

  it('stores 240, 480 and 960 px wide copies next to it for the srcset, never enlarged', async () => {
    const { url } = await uploadAccepted(await imageOf('jpeg', 3000, 2000), 'big.jpg', 'image/jpeg');
    const id = path.basename(url, '.webp');
    for (const [width, height] of [
      [240, 160],
      [480, 320],
      [960, 640],
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/uploads/${id}-${width}.webp` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width, height });
    }
    const small = await uploadAccepted(await imageOf('png', 300, 200), 'small.png', 'image/png');
    const smallId = path.basename(small.url, '.webp');
    const copy = await sharp(path.join(uploadDir, `${smallId}-960.webp`)).metadata();
    expect(copy).toMatchObject({ width: 300, height: 200 });
  });

  it('serves the stored image at its URL as image/webp, cached for a year, without a login', async () => {
    const { url, file } = await uploadAccepted(await imageOf('png'), 'photo.png', 'image/png');
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(fs.readFileSync(file))).toBe(true);
  });

  it('judges the content, not the name: a text file named photo.png is refused', async () => {
    const text = Buffer.from('Just some notes, not a picture at all.\n'.repeat(20));
    await expectRefused(multipartImage(text, 'photo.png', 'image/png'), 400, messages.uploadNotImage);
  });

  it('refuses a GIF and an SVG, whatever type they claim', async () => {
    const gif = await imageOf('gif');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    await expectRefused(multipartImage(gif, 'anim.gif', 'image/gif'), 400, messages.uploadNotImage);
    await expectRefused(multipartImage(gif, 'anim.png', 'image/png'), 400, messages.uploadNotImage);
    await expectRefused(multipartImage(svg, 'logo.svg', 'image/svg+xml'), 400, messages.uploadNotImage);
    await expectRefused(multipartImage(svg, 'logo.png', 'image/png'), 400, messages.uploadNotImage);
  });

  it('refuses a broken PNG: the right signature followed by nothing an image is made of', async () => {
    const broken = Buffer.concat([PNG_SIGNATURE, Buffer.alloc(10_000)]);
    await expectRefused(multipartImage(broken, 'photo.png', 'image/png'), 400, messages.uploadNotImage);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const overPng = Buffer.concat([PNG_SIGNATURE, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - PNG_SIGNATURE.length)]);
    expect(overPng.length).toBe(MAX_UPLOAD_BYTES + 1);
    await expectRefused(multipartImage(overPng, 'huge.png', 'image/png'), 413, messages.uploadTooLarge);
    const random = randomBytes(MAX_UPLOAD_BYTES + 1);
    await expectRefused(multipartImage(random, 'noise.jpg', 'image/jpeg'), 413, messages.uploadTooLarge);
  });

  it('accepts a real image of more than 4 MB, under the 5 MB limit', async () => {
    const side = 1200;
    const noise = await sharp(randomBytes(side * side * 3), {
      raw: { width: side, height: side, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(4 * 1024 * 1024);
    expect(noise.length).toBeLessThanOrEqual(MAX_UPLOAD_BYTES);
    const { meta } = await uploadAccepted(noise, 'noise.png', 'image/png');
    expect(meta).toMatchObject({ format: 'webp', width: 1000, height: 1000 });
  });

  it('accepts a full-size photo of a 50-megapixel phone camera, made 1000 pixels wide', async () => {
    const photo = await sharp({
      create: { width: 8160, height: 6120, channels: 3, background: { r: 40, g: 120, b: 200 } },
    })
      .jpeg({ quality: 50 })
      .toBuffer();
    const { meta } = await uploadAccepted(photo, 'phone.jpg', 'image/jpeg');
    expect(meta).toMatchObject({ format: 'webp', width: 1000, height: 750 });
  });

  it('tells an image of more than 60 megapixels that it is too large, not that it is no image', async () => {
    // 8000 × 8000 of one colour: 64 megapixels in a small JPEG.
    const huge = await sharp({
      create: { width: 8000, height: 8000, channels: 3, background: { r: 200, g: 120, b: 40 } },
    })
      .jpeg({ quality: 50 })
      .toBuffer();
    expect(huge.length).toBeLessThan(MAX_UPLOAD_BYTES);
    await expectRefused(
      multipartImage(huge, 'phone.jpg', 'image/jpeg'),
      400,
      serverMessages.uploadTooManyPixels(60),
    );
  });

  it('answers 400 Choose an image file when the form carries no file', async () => {
    const form = (body: string, contentType = 'multipart/form-data; boundary=b') => ({
      payload: Buffer.from(body),
      headers: { 'content-type': contentType },
    });
    const field = (name: string) => `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\nx\r\n`;
    await expectRefused(multipartText('name', 'photo.png'), 400, messages.uploadMissing);
    await expectRefused(
      form(`${field('a')}${field('b')}${field('c')}--b--\r\n`),
      400,
      messages.uploadMissing,
    );
    await expectRefused(form('--b--\r\n'), 400, messages.uploadMissing);
    await expectRefused(form('', 'multipart/form-data'), 400, messages.uploadMissing);
  });

  it('answers 400 Choose an image file to a body that is not multipart', async () => {
    const json = { payload: { image: 'https://cdn.example.com/x.png' }, headers: {} };
    await expectRefused(json, 400, messages.uploadMissing);
    const png = await imageOf('png');
    await expectRefused(
      { payload: png, headers: { 'content-type': 'image/png' } },
      400,
      messages.uploadMissing,
    );
    await expectRefused(
      { payload: png, headers: { 'content-type': 'application/octet-stream' } },
      400,
      messages.uploadMissing,
    );
    const before = filesIn(uploadDir);
    const bare = await t.app.inject({ method: 'POST', url: '/api/admin/uploads', cookies: { sid } });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toEqual(messages.uploadMissing);
    expect(filesIn(uploadDir)).toEqual(before);
  });
});
