import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { messages } from '@shop/shared';

/**
 * Serves the built web app: fingerprinted assets cached for a year, HTML never
 * cached, and index.html for every client-side route.
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<boolean> {
  const indexFile = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexFile)) return false;

  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: true,
    index: false,
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

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (isPage && !url.startsWith('/api/') && !path.extname(url)) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ message: messages.routeNotFound(request.method, url) });
  });
  return true;
}
