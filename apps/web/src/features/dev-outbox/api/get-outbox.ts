import { REQUEST_ID_HEADER, type TApiError } from '@service-hub/contracts';
import { ApiRequestError } from '../../../lib/api/client';
import { currentToken } from '../../../lib/api/auth-token';

export type OutboxMail = {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  created: string;
  sentAt: string | null;
};

/**
 * The development outbox. A plain fetch rather than the generated client: the endpoint is a
 * development tool and deliberately not in the API description.
 */
export async function getOutbox(): Promise<{ mails: OutboxMail[] }> {
  const token = await currentToken();
  const response = await fetch('/api/dev/outbox', {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as TApiError | undefined;
    throw new ApiRequestError(response.status, body, response.headers.get(REQUEST_ID_HEADER) ?? undefined);
  }
  return (await response.json()) as { mails: OutboxMail[] };
}
