import { MARKETS, type TCrmAccount } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import type { CrmConnector } from './crm-connector.ts';

/** The built-in CRM directory (table crm_accounts), used when no CRM_URL is configured. */
export class DirectoryCrmConnector implements CrmConnector {
  readonly kind = 'directory';

  constructor(private readonly db: Database) {}

  async findAccounts(customerNumbers: readonly string[]): Promise<Map<string, TCrmAccount>> {
    const { rows } = await this.db.$client.query<{
      customer_number: string;
      name: string | null;
      market: string | null;
      organizational_number: string | null;
      vat_number: string | null;
      crm_mapping_guid: string | null;
    }>('SELECT * FROM crm_accounts WHERE customer_number = ANY($1)', [customerNumbers]);
    return new Map(
      rows.map((row) => [
        row.customer_number,
        {
          customerNumber: row.customer_number,
          name: row.name?.trim() || null,
          market: MARKETS.find((m) => m === row.market?.trim().toUpperCase()) ?? null,
          organizationalNumber: row.organizational_number?.trim() || null,
          vatNumber: row.vat_number,
          crmMappingGuid: row.crm_mapping_guid,
        },
      ]),
    );
  }
}
