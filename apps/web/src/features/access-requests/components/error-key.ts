import { ApiRequestError } from '../../../lib/api/client';

/** The translated message for what the access-request endpoints refuse; anything else is generic. */
export function accessRequestErrorKey(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return 'common.systemFeedback.generalError';
  switch (error.body?.errorCode) {
    case 'RATE_LIMITED':
      return 'accessRequests.errors.rateLimited';
    case 'ALREADY_HAS_ACCESS':
      return 'accessRequests.errors.alreadyHasAccess';
    case 'TOO_MANY_ACCOUNTS':
      return 'accessRequests.errors.tooManyAccounts';
    case 'LINK_EXPIRED':
      return 'accessRequests.errors.linkExpired';
    case 'CONFLICT':
      return 'accessRequests.errors.conflict';
    case 'ADMINISTRATOR_ELSEWHERE':
      return 'accessRequests.errors.administratorElsewhere';
    case 'ROLE_REACHES_OTHER_ACCOUNTS':
      return 'accessRequests.errors.roleReachesOtherAccounts';
    case 'FORBIDDEN':
      return 'accessRequests.errors.forbidden';
    case 'NOT_FOUND':
      return 'accessRequests.errors.notFound';
    default:
      return error.status >= 500 ? 'common.systemFeedback.generalError' : 'common.systemFeedback.errorApi';
  }
}
