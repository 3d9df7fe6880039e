import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import fp from 'fastify-plugin';

export type ContentSecurityOptions = {
  /** e.g. the tag manager's origin */
  scriptOrigins: string[];
  /**
   * An external identity provider's origin: the web app reads its discovery document and
   * exchanges codes and refresh tokens with it. Undefined for the built-in provider ('self').
   */
  identityProviderOrigin: string | undefined;
  /** True only when the web app renews in a hidden iframe of the provider (no refresh tokens). */
  framesIdentityProvider: boolean;
};

/**
 * The policy of every page: only the Hub's own scripts (plus the configured tag manager), and
 * network access only to the Hub and, when configured, the external identity provider. Inline
 * styles are allowed because the component library sets style attributes at run time.
 * `frameAncestors` is 'none' everywhere except the silent-renewal page, which the Hub frames.
 */
export function contentSecurityPolicy(
  options: ContentSecurityOptions,
  frameAncestors: "'none'" | "'self'" = "'none'",
) {
  const provider = options.identityProviderOrigin ? [options.identityProviderOrigin] : [];
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...options.scriptOrigins],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...options.scriptOrigins, ...provider],
      frameSrc: ["'self'", ...(options.framesIdentityProvider ? provider : [])],
      frameAncestors: [frameAncestors],
      formAction: ["'self'"],
      // Local and intranet installations run on plain http; production terminates TLS in front.
      upgradeInsecureRequests: null,
    },
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'framedBySelf': the one page the Hub itself may frame (the silent-renewal page). */
    securityHeaders?: 'framedBySelf';
  }
}

/** Sent with every answer: no search engine indexes it or follows its links. */
export const ROBOTS_TAG = 'noindex, nofollow';

/**
 * Security headers for API and SPA alike, by helmet. Each set is built once: @fastify/helmet
 * builds helmet's middleware again for every request (parsing the policy each time), which cost a
 * signed-in one-row read about a tenth of its time (docs/performance.md).
 */
async function securityHeadersPlugin(
  app: FastifyInstance,
  options: ContentSecurityOptions & { strictTransport: boolean },
) {
  const headers = (frameAncestors: "'none'" | "'self'") =>
    helmet({
      contentSecurityPolicy: contentSecurityPolicy(options, frameAncestors),
      hsts: options.strictTransport,
      crossOriginEmbedderPolicy: false,
    });
  const everyPage = headers("'none'");
  const framedBySelf = headers("'self'");
  app.addHook('onRequest', (request, reply, done) => {
    // Nothing of a signed-in portal belongs in a search index, a page or an API answer alike
    // (robots.txt asks crawlers to stay out; this covers a link found elsewhere). Set on the raw
    // response like helmet's headers, so that replies that write their own head (the
    // notification stream) carry it too.
    reply.raw.setHeader('x-robots-tag', ROBOTS_TAG);
    const apply = request.routeOptions.config.securityHeaders === 'framedBySelf' ? framedBySelf : everyPage;
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers' });
