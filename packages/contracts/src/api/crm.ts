import { z } from 'zod';
import { MARKETS } from '../vocabularies.ts';
import { text } from './fields.ts';

/** At most this many accounts in one bulk creation. */
export const BULK_MAX_ACCOUNTS = 200;
/** Imports of more accounts than this run as a background job with a progress bar. */
export const BULK_INLINE_LIMIT = 5;

/** Fields a CRM account needs before it can become a customer of the Hub. */
export const CRM_REQUIRED_FIELDS = ['name', 'market', 'organizationalNumber'] as const;
export type CrmRequiredField = (typeof CRM_REQUIRED_FIELDS)[number];

/**
 * Why an account cannot be imported (spec 8): 'invalid' is a typo (not a country prefix and
 * digits), 'notInCrm' the CRM does not know it, 'incomplete' the CRM lacks required fields,
 * 'existsInHub' the Hub has it already; 'crmUnavailable' (imports only) the CRM did not answer.
 */
export const BULK_PROBLEMS = ['invalid', 'notInCrm', 'incomplete', 'existsInHub', 'crmUnavailable'] as const;
export type BulkProblem = (typeof BULK_PROBLEMS)[number];

/** The account numbers as the user typed them: comma-separated (spaces and line breaks allowed). */
export const ZCheckBulkAccountsRequest = z.object({
  accountNumbers: text()
    .max(BULK_MAX_ACCOUNTS * 20)
    .describe('Comma-separated account numbers, a country prefix and digits each, e.g. "SE123, SE456"'),
});
export type TCheckBulkAccountsRequest = z.infer<typeof ZCheckBulkAccountsRequest>;

export const ZCrmAccount = z
  .object({
    customerNumber: z.string(),
    name: z.string().nullable(),
    market: z.enum(MARKETS).nullable(),
    organizationalNumber: z.string().nullable(),
    vatNumber: z.string().nullable(),
    crmMappingGuid: z.string().nullable(),
  })
  .meta({ id: 'CrmAccount' });
export type TCrmAccount = z.infer<typeof ZCrmAccount>;

export const ZBulkCheckedAccount = z.object({
  accountNumber: z.string(),
  ready: z.boolean(),
  problem: z.enum(BULK_PROBLEMS).nullable(),
  missingFields: z.array(z.enum(CRM_REQUIRED_FIELDS)),
  crm: ZCrmAccount.nullable(),
});
export type TBulkCheckedAccount = z.infer<typeof ZBulkCheckedAccount>;

export const ZCheckBulkAccountsResponse = z
  .object({ accounts: z.array(ZBulkCheckedAccount) })
  .meta({ id: 'CheckBulkAccountsResponse' });
export type TCheckBulkAccountsResponse = z.infer<typeof ZCheckBulkAccountsResponse>;

export const ZImportBulkAccountsRequest = z.object({
  accountNumbers: z
    .array(text().trim().max(20))
    .min(1)
    .max(BULK_MAX_ACCOUNTS)
    .describe('The ready accounts of a check; each is checked again when it is imported'),
});
export type TImportBulkAccountsRequest = z.infer<typeof ZImportBulkAccountsRequest>;

export const ZImportedAccount = z.object({
  accountNumber: z.string(),
  status: z.enum(['pending', 'imported', 'failed']),
  problem: z.enum(BULK_PROBLEMS).nullable(),
  missingFields: z.array(z.string()),
  customerId: z.number().int().nullable(),
});
export type TImportedAccount = z.infer<typeof ZImportedAccount>;

export const ZCustomerImport = z
  .object({
    id: z.string().uuid(),
    status: z.enum(['queued', 'running', 'finished', 'failed']),
    total: z.number().int(),
    processed: z.number().int(),
    imported: z.number().int(),
    failed: z.number().int(),
    created: z.string(),
    finishedAt: z.string().nullable(),
    accounts: z.array(ZImportedAccount),
  })
  .meta({ id: 'CustomerImport' });
export type TCustomerImport = z.infer<typeof ZCustomerImport>;

export const ZImportIdParam = z.object({ importId: z.string().uuid() });

/* The other endpoints' pairs: an entity above, or a list of one, under the operation's name. */
export const ZImportBulkAccountsResponse = ZCustomerImport;
export type TImportBulkAccountsResponse = z.infer<typeof ZImportBulkAccountsResponse>;
export const ZGetCustomerImportResponse = ZCustomerImport;
export type TGetCustomerImportResponse = z.infer<typeof ZGetCustomerImportResponse>;
