import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '@service-hub/contracts';
import { ApiRequestError } from '../../../lib/api/client';
import { accessRequestErrorKey } from './error-key';

const refusal = (errorCode: ErrorCode) =>
  new ApiRequestError(
    403,
    { status: 403, title: 'Forbidden', detail: 'Refused.', requestId: 'req-1', errorCode },
    'req-1',
  );

describe('accessRequestErrorKey', () => {
  it.each<[ErrorCode, string]>([
    ['ADMINISTRATOR_ELSEWHERE', 'accessRequests.errors.administratorElsewhere'],
    ['ROLE_REACHES_OTHER_ACCOUNTS', 'accessRequests.errors.roleReachesOtherAccounts'],
    ['FORBIDDEN', 'accessRequests.errors.forbidden'],
  ])('says why a role was refused (%s), not only that it was', (errorCode, key) => {
    expect(accessRequestErrorKey(refusal(errorCode))).toBe(key);
  });
});
