import type { PoolClient } from 'pg';
import { expireAccessRequests } from './access-requests.service.ts';
import { purgeRegistrations } from './registration.service.ts';

/**
 * The nightly part of access requests: unconfirmed registrations whose link ran out go, and
 * requests nobody answered in 30 days expire (they stay listed, as expired).
 */
export async function purgeAccessRequests(
  client: Pick<PoolClient, 'query'>,
): Promise<{ unconfirmed_registrations: number; expired_access_requests: number }> {
  return {
    unconfirmed_registrations: await purgeRegistrations(client),
    expired_access_requests: await expireAccessRequests(client),
  };
}
