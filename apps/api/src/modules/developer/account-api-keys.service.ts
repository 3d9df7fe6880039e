import {
  API_KEY_SCOPE_SERVICES,
  API_KEY_SCOPES,
  type TCreateAccountApiKeyRequest,
  type TCreateAccountApiKeyResponse,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { findHeldAccount } from '../auth/active-account.repository.ts';
import { canManageCustomer, isProviderAdmin, mayShareService } from '../auth/policies.ts';
import type { Principal } from '../auth/principal.repository.ts';
import {
  findAccountApiKey,
  insertAccountApiKey,
  newAccountApiKey,
  revokeAccountApiKey,
} from './account-api-keys.repository.ts';

/**
 * Who manages an account's keys: whoever manages its users — the account's customer administrators
 * and provider administrators, for any account. 404 for an account that does not exist (only
 * provider administrators get that far).
 */
export async function assertManagesKeys(db: Database, actor: Principal, customerId: number): Promise<void> {
  if (!canManageCustomer(actor, customerId)) throw forbidden();
  const { rowCount } = await db.$client.query('SELECT 1 FROM customers WHERE id = $1', [customerId]);
  if (!rowCount) throw notFound('No such customer account.');
}

/** Creates a key for the account; the key is in this answer and nowhere else, ever. */
export async function createAccountApiKey(
  db: Database,
  actor: Principal,
  customerId: number,
  request: TCreateAccountApiKeyRequest,
  requestId: string,
): Promise<TCreateAccountApiKeyResponse> {
  await assertManagesKeys(db, actor, customerId);
  // An administrator never hands a machine more than they may read on the account themselves.
  const permissions = isProviderAdmin(actor)
    ? []
    : ((await findHeldAccount(db, actor.userId, customerId))?.permissions ?? []);
  const refused = request.scopes.filter(
    (scope) => !mayShareService(actor, permissions, API_KEY_SCOPE_SERVICES[scope]),
  );
  if (refused.length > 0)
    throw forbidden('You may not give a key a scope whose service you cannot read on this account.');
  const key = newAccountApiKey();
  // In the vocabulary's order, so equal keys read alike in the list and the audit log.
  const scopes = API_KEY_SCOPES.filter((scope) => request.scopes.includes(scope));
  return inTransaction(db.$client, async (client) => {
    const id = await insertAccountApiKey(client, {
      customerId,
      name: request.name,
      key,
      scopes,
      createdBy: actor.userId,
    });
    await writeAudit(client, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'accountApiKey.create',
      entityType: 'accountApiKey',
      entityId: id,
      customerId,
      // Never the key or its hash: the log is read by more people than the key's owners.
      after: { name: request.name, scopes },
      requestId,
    });
    const stored = await findAccountApiKey(client, customerId, id);
    return { ...stored!, key };
  });
}

/** Revokes the account's key at once; 404 for a key of another account, unknown or already revoked. */
export async function revokeAccountKey(
  db: Database,
  actor: Principal,
  customerId: number,
  keyId: string,
  requestId: string,
): Promise<void> {
  await assertManagesKeys(db, actor, customerId);
  await inTransaction(db.$client, async (client) => {
    const revoked = await revokeAccountApiKey(client, customerId, keyId, actor.userId);
    if (!revoked) throw notFound('No such active API key.');
    await writeAudit(client, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'accountApiKey.revoke',
      entityType: 'accountApiKey',
      entityId: keyId,
      customerId,
      before: revoked,
      requestId,
    });
  });
}
