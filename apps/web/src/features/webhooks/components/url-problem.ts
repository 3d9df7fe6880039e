import { WEBHOOK_URL_PROBLEMS, type WebhookUrlProblem } from '@service-hub/contracts';
import { ApiRequestError } from '../../../lib/api/client';

/**
 * Why the server refused an endpoint's address (its field error names a reason: not https, a
 * private or metadata address, a name DNS does not know), or undefined for other errors.
 */
export function urlProblemOf(error: unknown): WebhookUrlProblem | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  const reason = error.body?.errors?.find((e) => e.field === 'body.url')?.params?.reason;
  return WEBHOOK_URL_PROBLEMS.find((problem) => problem === reason);
}

/** The contract's own messages for the address rules it checks in the browser, by their text. */
export const URL_MESSAGE_KEYS = {
  'The address must start with https://.': 'webhooks.urlProblems.notHttps',
  'Leave user name, password and # out of the address.': 'webhooks.urlProblems.notAllowedParts',
  'Enter a full https:// address.': 'webhooks.urlProblems.notAnAddress',
} as const;
