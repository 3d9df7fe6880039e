import { z } from 'zod';
import { MARKETS, MFA_TYPES } from '../vocabularies.ts';
import { quotable } from './fields.ts';

export const ZCustomerSummary = z
  .object({
    id: z.number().int(),
    name: z.string(),
    customerNumber: z.string(),
    market: z.enum(MARKETS),
    organizationalNumber: z.string().nullable(),
    isMFAEnabled: z.boolean(),
    mfaType: z.enum(MFA_TYPES).nullable(),
  })
  .meta({ id: 'CustomerSummary' });
export type TCustomerSummary = z.infer<typeof ZCustomerSummary>;

export const ZCustomerList = z.array(ZCustomerSummary);

/**
 * A numeric customer id in a path or query, with the spec's message when it is not one (spec 5).
 * Nine digits always fit an `integer`; the message quotes the value only in a harmless, short form.
 */
export const ZCustomerIdParam = z
  .string()
  .regex(/^\d{1,9}$/, {
    error: (issue) => `Invalid customerId: ${quotable(issue.input)} is not a valid number`,
  })
  .transform(Number);

/** The server's customer (spec 3), with service access and applications when asked for in detail. */
export const ZCustomer = ZCustomerSummary.extend({
  vatNumber: z.string().nullable(),
  notes: z.string().nullable(),
  crmMappingGuid: z.string().nullable(),
  wodGroupName: z.string().nullable(),
  mfaModifiedDate: z.string().nullable(),
  created: z.string(),
  createdBy: z.string(),
  modified: z.string(),
  modifiedBy: z.string(),
  customerPermissions: z
    .array(
      z.object({ id: z.number().int(), prefix: z.string(), name: z.string(), roles: z.array(z.string()) }),
    )
    .optional(),
  applications: z.array(z.object({ id: z.number().int(), applicationName: z.string() })).optional(),
}).meta({ id: 'Customer' });
export type TCustomer = z.infer<typeof ZCustomer>;

export const ZGetCustomerQuery = z.object({
  detailed: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export const ZRevokeUserForCustomerQuery = z.object({
  userID: z.string().uuid(),
  customerID: ZCustomerIdParam,
});
