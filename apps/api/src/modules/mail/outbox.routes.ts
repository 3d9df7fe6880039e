import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text, ZApiError } from '@service-hub/contracts';
import type { AppConfig } from '../../config.ts';

const ZOutboxMail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created: z.string(),
  sentAt: z.string().nullable(),
});

/**
 * The local outbox, so people and tests can follow e-mailed links without a mail server.
 * Registered only outside production: it shows sign-in codes and invitation links, so it answers
 * provider administrators only, unless HUB_DEV_OUTBOX=open on a loopback listener.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ readers: AppConfig['devOutbox'] }> = async (
  app,
  { readers },
) => {
  app.get(
    '/api/dev/outbox',
    {
      config: { access: readers === 'anyone-on-loopback' ? 'public' : { roles: ['SF_ADMIN'] } },
      schema: {
        // A development tool, not part of the API: the description stays the same in every configuration.
        hide: true,
        tags: ['development'],
        summary: 'The latest e-mails the product sent (development and test only; provider administrators)',
        querystring: z.object({ to: text().max(320).optional() }),
        response: {
          200: z.object({ mails: z.array(ZOutboxMail) }),
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
        },
      },
    },
    async (request) => {
      const { rows } = await app.db.$client.query<{
        id: number;
        to_address: string;
        subject: string;
        text: string;
        html: string;
        created: Date;
        sent_at: Date | null;
      }>(
        `SELECT id, to_address, subject, text, html, created, sent_at FROM email_outbox
          WHERE $1::text IS NULL OR lower(to_address) = lower($1) ORDER BY id DESC LIMIT 50`,
        [request.query.to ?? null],
      );
      return {
        mails: rows.map((r) => ({
          id: r.id,
          to: r.to_address,
          subject: r.subject,
          text: r.text,
          html: r.html,
          created: r.created.toISOString(),
          sentAt: r.sent_at?.toISOString() ?? null,
        })),
      };
    },
  );
};
