import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AddressPolicy } from '../modules/webhooks/webhook-address-policy.ts';
import { startWebhookDispatcher, type WebhookDispatcher } from './webhook-dispatcher.ts';

/**
 * Runs one webhook dispatcher in this process once it is ready (workers, and API instances that
 * work the queue unless WEBHOOK_DISPATCHER=0), and stops it on close: attempts in flight finish
 * and are recorded within their timeout, which is below the shutdown bound.
 */
async function webhookDispatcherPlugin(
  app: FastifyInstance,
  options: { policy: AddressPolicy; publicUrl: string },
) {
  let dispatcher: WebhookDispatcher | undefined;
  app.addHook('onReady', async () => {
    dispatcher = await startWebhookDispatcher({
      db: app.db,
      log: app.log,
      policy: options.policy,
      publicUrl: options.publicUrl,
      deliverEmails: app.deliverEmails,
    });
  });
  app.addHook('onClose', async () => {
    await dispatcher?.stop();
  });
}

export default fp(webhookDispatcherPlugin, {
  name: 'webhook-dispatcher',
  dependencies: ['database', 'jobs'],
});
