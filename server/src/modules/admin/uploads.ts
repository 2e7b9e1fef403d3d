import { statSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import {
  errorSchema,
  MAX_UPLOAD_BYTES,
  messages,
  serverMessages,
  UPLOAD_VARIANT_WIDTHS,
  uploadAnswerSchema,
} from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import type Sharp from 'sharp';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../lib/http-errors.js';
import { newId } from '../../lib/tokens.js';
import { recordAudit } from './audit.js';
import { guardAdminRoutes, requireAdmin } from './require-admin.js';

/**
 * Whether a product may name this image: any URL outside /uploads/, or an upload that is really a
 * file in `uploadDir` (a file, not just a name that exists: '/uploads/..' names the folder above).
 */
export function isUsableImage(uploadDir: string, image: string): boolean {
  if (!image.startsWith('/uploads/')) return true;
  return statSync(path.join(uploadDir, path.basename(image)), { throwIfNoEntry: false })?.isFile() ?? false;
}

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Largest side of a stored product image: sharp on a phone, small on the wire. */
const MAX_SIDE = 1000;
/**
 * POST /api/admin/uploads: one image, judged by its content (not its name or
 * type header), re-encoded to WebP at a web-friendly size, stored under
 * UPLOAD_DIR and served at /uploads/<id>.webp, with its narrower copies at
 * /uploads/<id>-<width>.webp.
 */
export function uploadRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    guardAdminRoutes(app);
    await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0, parts: 2 } });
    // Any other body type reaches the handler's 'choose a file' answer, not the JSON parser's 415.
    app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

    app.post(
      '/api/admin/uploads',
      {
        schema: {
          tags: ['admin'],
          summary: 'Upload a product image (JPEG, PNG or WebP, up to 5 MB)',
          consumes: ['multipart/form-data'],
          response: {
            201: uploadAnswerSchema,
            400: errorSchema,
            401: errorSchema,
            403: errorSchema,
            413: errorSchema,
          },
        },
      },
      async (request, reply) => {
        const admin = requireAdmin(request);
        if (!request.isMultipart()) throw new HttpError(400, messages.uploadMissing);
        const file = await request.file().catch(noImageCame);
        if (!file) throw new HttpError(400, messages.uploadMissing);
        let input: Buffer;
        try {
          input = await file.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw new HttpError(413, messages.uploadTooLarge);
          throw error;
        }
        const webp = await toWebp(input);
        const id = newId();
        const name = `${id}.webp`;
        const variants = await toVariants(webp);
        await fs.mkdir(ctx.config.uploadDir, { recursive: true });
        // The variants first: once the original is there, its URL may be shown with their srcset.
        for (const [width, buffer] of variants)
          await fs.writeFile(path.join(ctx.config.uploadDir, `${id}-${width}.webp`), buffer);
        await fs.writeFile(path.join(ctx.config.uploadDir, name), webp);
        const url = `/uploads/${name}`;
        await recordAudit(ctx.db, admin, ctx.clock.now().toISOString(), {
          action: 'upload.image',
          targetType: 'upload',
          targetId: name,
          details: { originalName: file.filename.slice(0, 200), bytes: input.length },
        });
        return reply.code(201).send({ url });
      },
    );
  };
}

/**
 * The form carries the image and nothing else. Text fields where the file
 * should be, or a form the parser cannot read at all (busboy throws a plain
 * Error for a missing boundary), mean no image came: a 400, not a 413 or 500.
 */
function noImageCame(error: unknown): never {
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT' || statusCode === undefined)
    throw new HttpError(400, messages.uploadMissing);
  throw error;
}

/**
 * sharp (libvips) is large in memory; only an admin's upload needs it, so it
 * loads then, once, instead of in every process at start.
 */
let sharpModule: Promise<typeof Sharp> | undefined;
function loadSharp(): Promise<typeof Sharp> {
  sharpModule ??= import('sharp').then((m) => m.default);
  return sharpModule;
}

// Above what a phone's full-size photo has, and low enough that decoding one cannot exhaust memory.
const MAX_MEGAPIXELS = 60;

async function toWebp(input: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  const options = { limitInputPixels: MAX_MEGAPIXELS * 1_000_000, failOn: 'error' as const };
  let header: { format?: string; width?: number; height?: number };
  try {
    // The header only, without the pixel limit: an image too large is told so, not called no image.
    header = await sharp(input, { failOn: 'error', limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(400, messages.uploadNotImage);
  }
  if (!header.format || !ACCEPTED_FORMATS.has(header.format))
    throw new HttpError(400, messages.uploadNotImage);
  if ((header.width ?? 0) * (header.height ?? 0) > options.limitInputPixels)
    throw new HttpError(400, serverMessages.uploadTooManyPixels(MAX_MEGAPIXELS));
  try {
    return await sharp(input, options)
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new HttpError(400, messages.uploadNotImage);
  }
}

async function toVariants(webp: Buffer): Promise<Array<[number, Buffer]>> {
  const sharp = await loadSharp();
  return Promise.all(
    UPLOAD_VARIANT_WIDTHS.map(async (width): Promise<[number, Buffer]> => [
      width,
      await sharp(webp)
        .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer(),
    ]),
  );
}
