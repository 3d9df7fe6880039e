import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { noRoute, unauthenticated } from '../lib/errors.ts';
import { metricsRegistry } from './metrics.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares through fixed-length digests, so neither the content nor the length of the token leaks through timing. */
function holdsToken(request: FastifyRequest, token: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

export type MetricsRoutesOptions = {
  /** The bearer token a scraper must send; undefined: none is asked for. */
  token: string | undefined;
  /** The main port: without a token there are no metrics at all. */
  requireToken: boolean;
};

/**
 * `GET /metrics` in Prometheus's text format. On the main port only with METRICS_TOKEN (without one
 * it answers 404, as if there were no such route); on the metrics listener (METRICS_PORT) with the
 * token when one is set. Never cached.
 */
export async function metricsRoutes(app: FastifyInstance, options: MetricsRoutesOptions) {
  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (options.requireToken && options.token === undefined) throw noRoute();
    if (options.token !== undefined && !holdsToken(request, options.token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthenticated('Send the metrics token as a bearer token.');
    }
    const text = await metricsRegistry.metrics();
    return reply.header('cache-control', 'no-store').type(metricsRegistry.contentType).send(text);
  });
}
