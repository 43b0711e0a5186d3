import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../errors.ts';

export const SPA_DIR = fileURLToPath(new URL('../../../../dist/web/', import.meta.url));

/**
 * Serves the built SPA: hashed assets with long caching, and index.html for any other GET that
 * is not an API path (history fallback), so deep links like /profile load the app.
 */
export async function registerSpa(app: FastifyInstance): Promise<void> {
  const indexPath = `${SPA_DIR}index.html`;
  const hasBuild = existsSync(indexPath);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: SPA_DIR,
      wildcard: false,
      index: false,
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const indexHtml = hasBuild ? readFileSync(indexPath, 'utf8') : undefined;

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (path.startsWith('/api/') || path === '/api' || !isPage) {
      throw notFound(`No such endpoint: ${request.method} ${path}`);
    }
    reply.header('cache-control', 'no-cache');
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet. Run `npm run build` (or `npm start`, which builds it).');
    }
    return reply.type('text/html; charset=utf-8').send(indexHtml);
  });
}
