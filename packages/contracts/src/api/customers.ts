import { z } from 'zod';
import { MARKETS, MFA_TYPES } from '../vocabularies.ts';

export const ZCustomerId = z.coerce.number().int().positive();

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
