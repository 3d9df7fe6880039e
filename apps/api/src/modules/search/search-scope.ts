import { holdsServicePermission, type PermissionPrefix } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import type { Authenticator } from '../auth/authenticator.ts';
import type { Principal } from '../auth/principal.repository.ts';

export type SearchAccount = { id: number; name: string; customerNumber: string };

/**
 * What one caller may find: per service, the accounts whose lists the caller may open — the same
 * check as the account rule of every list route (held account, service permission with the
 * READ_ALL rule), made for each account the caller holds — and whether they are provider staff.
 */
export type SearchScope = {
  accounts: Map<number, SearchAccount>;
  /** Account ids per service: STT (track and trace, reports), ETS (EDI tracking), SUP (support). */
  service: Record<'STT' | 'ETS' | 'SUP', number[]>;
  providerStaff: boolean;
};

const SERVICES = ['STT', 'ETS', 'SUP'] as const satisfies readonly PermissionPrefix[];

export async function searchScope(
  db: Database,
  authenticator: Authenticator,
  principal: Principal,
): Promise<SearchScope> {
  const held = await Promise.all(principal.customerIds.map((id) => authenticator.heldAccount(principal, id)));
  const service: SearchScope['service'] = { STT: [], ETS: [], SUP: [] };
  for (const account of held) {
    if (!account) continue;
    for (const prefix of SERVICES) {
      if (holdsServicePermission(prefix, account.permissions)) service[prefix].push(account.id);
    }
  }
  const visible = [...new Set(Object.values(service).flat())];
  const { rows } = visible.length
    ? await db.$client.query<{ id: number; name: string; customer_number: string }>(
        'SELECT id, name, customer_number FROM customers WHERE id = ANY($1)',
        [visible],
      )
    : { rows: [] };
  return {
    accounts: new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, customerNumber: r.customer_number }])),
    service,
    providerStaff: principal.roles.includes('SF_ADMIN'),
  };
}
