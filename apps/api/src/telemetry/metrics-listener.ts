import Fastify, { type FastifyInstance } from 'fastify';
import { noRoute } from '../lib/errors.ts';
import errorsPlugin from '../plugins/errors.ts';
import { metricsRoutes } from './metrics.routes.ts';

export type MetricsListenerOptions = { port: number; host: string; token: string | undefined };

/**
 * The metrics on a port of their own (METRICS_PORT, on METRICS_HOST: loopback unless said
 * otherwise), so that they are never reachable where the application is: the web instances and
 * the workers (which have no other port) both start it. Answers in the error shape like the API.
 */
export async function startMetricsListener(options: MetricsListenerOptions): Promise<FastifyInstance> {
  const listener = Fastify({ logger: false });
  await listener.register(errorsPlugin);
  await listener.register(metricsRoutes, { token: options.token, requireToken: false });
  listener.setNotFoundHandler(() => {
    throw noRoute();
  });
  await listener.listen({ port: options.port, host: options.host });
  return listener;
}
