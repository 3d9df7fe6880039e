import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZApiError,
  ZGetAlertPreferencesResponse,
  ZUpdateAlertPreferencesRequest,
  ZUpdateAlertPreferencesResponse,
  type TAlertPreferences,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { accountOf, principalOf } from '../auth/request-context.ts';

/** Any user of the account chooses for themselves; the user is always the caller, never a parameter. */
const ACCOUNT_USER = { access: { account: {} } } as const;
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError };

/** No row: in the Hub, no e-mail. */
async function findPreferences(db: Database, userId: string, customerId: number): Promise<TAlertPreferences> {
  const { rows } = await db.$client.query<TAlertPreferences>(
    'SELECT in_hub AS "inHub", email FROM alert_preferences WHERE user_id = $1 AND customer_id = $2',
    [userId, customerId],
  );
  return rows[0] ?? { inHub: true, email: 'off' };
}

/** Where the signed-in user hears of the active account's alerts (issue 22). */
export const alertPreferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/alert-preferences',
    {
      config: ACCOUNT_USER,
      schema: {
        operationId: 'getAlertPreferences',
        tags: ['alerts'],
        summary: 'Where the signed-in user hears of the active account’s alerts',
        response: { 200: ZGetAlertPreferencesResponse, ...errors },
      },
    },
    async (request) => findPreferences(app.db, principalOf(request).userId, accountOf(request).id),
  );

  app.put(
    '/api/alert-preferences',
    {
      config: ACCOUNT_USER,
      schema: {
        operationId: 'updateAlertPreferences',
        tags: ['alerts'],
        summary:
          'Chooses in the Hub on or off and e-mail off, at once or as a daily digest, for the active account',
        body: ZUpdateAlertPreferencesRequest,
        response: { 200: ZUpdateAlertPreferencesResponse, ...errors },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const account = accountOf(request);
      const { inHub, email } = request.body;
      return inTransaction(app.db.$client, async (client) => {
        const { rows } = await client.query<{ before_in_hub: boolean | null; before_email: string | null }>(
          // A digest chosen now covers what happens from now on, not the account's whole history.
          `WITH before AS (SELECT in_hub, email FROM alert_preferences WHERE user_id = $1 AND customer_id = $2 FOR UPDATE)
           INSERT INTO alert_preferences AS p (user_id, customer_id, in_hub, email, digest_sent_at)
           VALUES ($1, $2, $3, $4, CASE WHEN $4 = 'digest' THEN now() END)
           ON CONFLICT (user_id, customer_id) DO UPDATE SET in_hub = EXCLUDED.in_hub, email = EXCLUDED.email,
              digest_sent_at = CASE WHEN p.email = 'digest' THEN p.digest_sent_at ELSE EXCLUDED.digest_sent_at END,
              modified = now()
           RETURNING (SELECT in_hub FROM before) AS before_in_hub, (SELECT email FROM before) AS before_email`,
          [principal.userId, account.id, inHub, email],
        );
        const before = rows[0]!;
        await writeAudit(client, {
          actorUserId: principal.userId,
          actorEmail: principal.email,
          action: 'alertPreferences.update',
          entityType: 'alertPreferences',
          entityId: principal.userId,
          customerId: account.id,
          before: { inHub: before.before_in_hub ?? true, email: before.before_email ?? 'off' },
          after: { inHub, email },
          requestId: request.id,
        });
        return { inHub, email };
      });
    },
  );
};
