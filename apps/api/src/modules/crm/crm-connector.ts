import type { TCrmAccount } from '@service-hub/contracts';
import { AppError } from '../../lib/errors.ts';

/**
 * The CRM, a separate system that knows the provider's customer accounts. The Hub asks it for
 * accounts by number; an account it does not know is simply absent from the answer.
 */
export type CrmConnector = {
  /** Where the answers come from, for logs and the API description. */
  readonly kind: 'http' | 'directory';
  findAccounts(customerNumbers: readonly string[]): Promise<Map<string, TCrmAccount>>;
};

export const crmUnavailable = () =>
  new AppError(
    502,
    'CRM_UNAVAILABLE',
    'Bad Gateway',
    'The CRM could not be reached. Try again in a few minutes; nothing was changed.',
  );
