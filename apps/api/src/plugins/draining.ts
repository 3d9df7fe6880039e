import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './errors.ts';

/**
 * While the server shuts down it finishes the requests it has, but a request that still arrives on
 * an open keep-alive connection belongs on another instance: 503 in the error shape with
 * `Connection: close`, so the client or balancer retries elsewhere. `/api/ready` answers the same,
 * which takes the instance out of a balancer's rotation. (Fastify's own 503 has another shape.)
 * Answers finished during the drain close their connection, which would otherwise stay open idle
 * until its keep-alive timeout and hold the shutdown up.
 */
async function drainingPlugin(app: FastifyInstance) {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!draining) return;
    reply.header('connection', 'close').header('retry-after', '1');
    return sendError(reply, {
      status: 503,
      title: 'Service Unavailable',
      detail: 'This server is restarting. Please try again.',
      errorCode: 'SERVICE_UNAVAILABLE',
    });
  });
  // A request in flight finishes, but its keep-alive connection must not hold the close up.
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
}

export default fp(drainingPlugin, { name: 'draining', dependencies: ['errors'] });
