import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { noRoute } from '../lib/errors.ts';

/**
 * Serves the built web app. Hashed assets are cached for a year; every other path that is not
 * under /api answers index.html so the SPA's router owns it. Unknown /api paths are JSON 404s.
 */
async function spaPlugin(app: FastifyInstance, options: { distDir: string }) {
  const hasBuild = existsSync(join(options.distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      index: false,
      setHeaders: (res, path) => {
        const immutable = path.includes(`${join(options.distDir, 'assets')}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (
      path === '/api' ||
      path.startsWith('/api/') ||
      !hasBuild ||
      !['GET', 'HEAD'].includes(request.method)
    ) {
      throw noRoute();
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

export default fp(spaPlugin, { name: 'spa' });
