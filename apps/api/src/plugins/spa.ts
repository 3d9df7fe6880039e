import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SILENT_RENEW_PATH } from '@service-hub/contracts';
import { noRoute } from '../lib/errors.ts';

export type SpaOptions = {
  distDir: string;
  /** PUBLIC_URL without a trailing slash: browsers that open a screen at another host of this server are sent there. */
  publicUrl: string;
};

/**
 * Set on the redirect to PUBLIC_URL. A proxy that replaces the browser's Host with its own would
 * otherwise make every redirect point at the very address the browser already asked for; the
 * second request then carries the cookie, and the page is served instead of looping.
 */
const REDIRECTED_COOKIE = 'hub-public-url-redirect';

/** The status page's HTML in the build (apps/web/status.html). */
const STATUS_PAGE_FILE = 'status.html';

/** Every crawler, every path: out. */
export const ROBOTS_TXT = 'User-agent: *\nDisallow: /\n';

/**
 * Serves the built web app, compressed as built. Hashed assets are cached for a year; every other path that is not
 * under /api answers index.html so the SPA's router owns it. Unknown /api paths are JSON 404s.
 * The web app works at one address only: sign-in state lives in that origin's storage and the
 * identity provider returns only to PUBLIC_URL, so a screen opened at another host of this server
 * (127.0.0.1 for localhost, the machine's network name…) is answered with a redirect to PUBLIC_URL.
 */
async function spaPlugin(app: FastifyInstance, options: SpaOptions) {
  const hasBuild = existsSync(join(options.distDir, 'index.html'));
  const publicUrl = new URL(options.publicUrl);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies (apps/web/build/precompress.ts): sent to browsers that
      // accept them, with Vary: Accept-Encoding, and no compression work per request.
      preCompressed: true,
      setHeaders: (res, path) => {
        const immutable = path.includes(`${join(options.distDir, 'assets')}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const sendIndex = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html');

  /** The same screen at PUBLIC_URL, when the browser asked another host of this server for it. */
  const publicAddressOf = (request: FastifyRequest): string | undefined => {
    const host = request.host.toLowerCase();
    if (host === '' || host === publicUrl.host || request.cookies[REDIRECTED_COOKIE] !== undefined) {
      return undefined;
    }
    // Appended, never resolved: a path like //other.example must stay a path of PUBLIC_URL.
    return request.url.startsWith('/') ? `${options.publicUrl}${request.url}` : undefined;
  };

  // A signed-in portal has nothing for search engines: crawlers are asked to stay out of all of
  // it (every answer also says noindex, plugins/security-headers.ts). Served with or without a
  // build, and at any host: a crawler may arrive at another name of the server.
  app.get('/robots.txt', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(ROBOTS_TXT),
  );

  // The page of the hidden iframe that renews a sign-in when the provider issues no refresh
  // tokens: the only page the Hub may frame, and only the Hub.
  app.get(
    SILENT_RENEW_PATH,
    { config: { access: 'public', securityHeaders: 'framedBySelf' }, schema: { hide: true } },
    async (_request, reply) => {
      if (!hasBuild) throw noRoute();
      return sendIndex(reply);
    },
  );

  // The public status page (docs/status-page.md): a small build of its own beside the app
  // (apps/web/build/status-page-build.ts), served without sign-in and with the same security
  // headers as every page. Not through PUBLIC_URL's redirect: it must load whatever name a
  // reader used, and it keeps nothing in the origin's storage that matters.
  const hasStatusPage = hasBuild && existsSync(join(options.distDir, STATUS_PAGE_FILE));
  app.get('/status', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    if (!hasStatusPage) throw noRoute();
    return reply.header('cache-control', 'no-cache').sendFile(STATUS_PAGE_FILE);
  });

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
    const publicAddress = publicAddressOf(request);
    if (publicAddress) {
      return reply
        .setCookie(REDIRECTED_COOKIE, '1', { path: '/', maxAge: 30, httpOnly: true, sameSite: 'lax' })
        .redirect(publicAddress, 308);
    }
    return sendIndex(reply);
  });
}

export default fp(spaPlugin, { name: 'spa' });
