import type { TCreateApiKeyRequest, TCreateApiKeyResponse } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Principal } from '../auth/principal.repository.ts';
import {
  existingCustomerIds,
  findApiKey,
  insertApiKey,
  newApiKey,
  revokeApiKey,
} from './api-keys.repository.ts';

/** Creates a key for a production system; the key is in this answer and nowhere else, ever. */
export async function createApiKey(
  db: Database,
  actor: Principal,
  request: TCreateApiKeyRequest,
  requestId: string,
): Promise<TCreateApiKeyResponse> {
  const customerIds = [...new Set(request.customerIds)];
  const key = newApiKey();
  const id = await inTransaction(db.$client, async (client) => {
    const existing = new Set(await existingCustomerIds(client, customerIds));
    const unknown = customerIds.findIndex((c) => !existing.has(c));
    if (unknown !== -1) {
      throw badRequest('Invalid request: body.customerIds.', [
        { field: `body.customerIds.${unknown}`, code: 'invalidValue', message: 'No such customer.' },
      ]);
    }
    const created = await insertApiKey(client, {
      name: request.name,
      key,
      customerIds,
      createdBy: actor.userId,
    });
    await writeAudit(client, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'apiKey.create',
      entityType: 'apiKey',
      entityId: created,
      after: { name: request.name, customerIds },
      requestId,
    });
    return created;
  });
  const stored = await findApiKey(db.$client, id);
  return { ...stored!, key };
}

export async function revokeKey(
  db: Database,
  actor: Principal,
  id: string,
  requestId: string,
): Promise<void> {
  await inTransaction(db.$client, async (client) => {
    if (!(await revokeApiKey(client, id, actor.userId))) throw notFound('No such active API key.');
    await writeAudit(client, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'apiKey.revoke',
      entityType: 'apiKey',
      entityId: id,
      requestId,
    });
  });
}
