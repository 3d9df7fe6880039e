import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers for API and SPA alike. The SPA loads only its own scripts (plus the configured
 * tag manager); inline styles are allowed because the component library sets style attributes at
 * run time.
 */
async function securityHeadersPlugin(
  app: FastifyInstance,
  options: { strictTransport: boolean; /** e.g. the tag manager's origin */ scriptOrigins: string[] },
) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...options.scriptOrigins],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...options.scriptOrigins],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        // Local and intranet installations run on plain http; production terminates TLS in front.
        upgradeInsecureRequests: null,
      },
    },
    hsts: options.strictTransport,
    crossOriginEmbedderPolicy: false,
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers' });
