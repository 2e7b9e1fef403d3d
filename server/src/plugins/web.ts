import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app: fingerprinted assets cached for a year, HTML never
 * cached. The not-found handler (plugins/errors.ts) answers client-side routes
 * with index.html.
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<boolean> {
  const indexFile = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexFile)) return false;

  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: true,
    index: ['index.html'],
    setHeaders(res, filePath) {
      const fingerprinted = filePath.includes(`${path.sep}assets${path.sep}`);
      const productImage = filePath.includes(`${path.sep}images${path.sep}`);
      if (fingerprinted || productImage) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.header('cache-control', 'no-cache');
      }
    },
  });

  return true;
}

/** Uploaded product images: named by a fresh id each, so they never change and cache for a year. */
export async function registerUploads(app: FastifyInstance, uploadDir: string): Promise<void> {
  fs.mkdirSync(uploadDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    setHeaders(res) {
      res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
}
