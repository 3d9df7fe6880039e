import { randomBytes, randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/*
 * Standard Webhooks (https://www.standardwebhooks.com): secrets `whsec_` + base64 of random bytes,
 * ids `msg_…`, and the `webhook-*` headers, signed with the `standardwebhooks` package itself so
 * any of its verifiers accepts what the Hub sends.
 */

/** A new signing secret: 32 random bytes, as Standard Webhooks writes them. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** A delivery's `webhook-id`: stable over retries and replays, unique per event and endpoint. */
export const newWebhookId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/** Names the Hub to receivers (their logs and firewalls). */
export const WEBHOOK_USER_AGENT = 'ServiceHub-Webhooks/1 (+https://www.standardwebhooks.com)';

/**
 * The headers of one attempt: signed with every secret that still signs (the new one first, during
 * a rotation's overlap also the old one), space-separated as the specification allows.
 */
export function signedHeaders(
  id: string,
  body: string,
  secrets: readonly string[],
  sentAt: Date,
): Record<string, string> {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(id, sentAt, body));
  return {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
