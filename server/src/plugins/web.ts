import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../modules/sessions/plugin.js';
import { loadPageHtml, type PageRequest, type ProductImageLookup } from './page-html.js';

export type PageHtml = (request: PageRequest) => Promise<string>;

/**
 * Serves the built web app: fingerprinted assets cached for a year, HTML never
 * cached, text files from the build's compressed copies. The not-found handler (plugins/errors.ts) answers every page, `/`
 * included, with the page's HTML (page-html.ts). Null when the app is not built.
 */
export async function registerWeb(
  app: FastifyInstance,
  webDist: string,
  options: { testPayments: boolean; productImage?: ProductImageLookup },
): Promise<PageHtml | null> {
  const indexFile = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexFile)) return null;

  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: true,
    index: false,
    // The build writes .br and .gz copies (web/scripts/precompress.mjs): sent as they are, so a
    // page's scripts need no compressing per request.
    preCompressed: true,
    setHeaders(res, filePath) {
      // The same URL answers brotli, gzip or plain, as the browser asks: caches must keep them apart.
      res.header('vary', 'accept-encoding');
      const fingerprinted = filePath.includes(`${path.sep}assets${path.sep}`);
      const productImage = filePath.includes(`${path.sep}images${path.sep}`);
      if (fingerprinted || productImage) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.header('cache-control', 'no-cache');
      }
    },
  });

  const pageHtml = loadPageHtml(webDist, options);
  app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(pageHtml, request, reply));
  return pageHtml;
}

/** A page of the app: its HTML, never cached (it names the release's chunks). */
export async function sendPage(pageHtml: PageHtml, request: FastifyRequest, reply: FastifyReply) {
  const [pathname = '/', query] = request.url.split('?');
  const html = await pageHtml({
    pathname,
    hasQuery: Boolean(query),
    hasSession: Boolean(request.cookies[SESSION_COOKIE]),
  });
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
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
