import { z } from 'zod';
import { LANGUAGES, PERMISSION_PREFIXES, ROLES } from '../vocabularies.ts';
import { ZCustomerSummary } from './customers.ts';

export const ZUserPermission = z
  .object({
    id: z.number().int(),
    prefix: z.enum(PERMISSION_PREFIXES),
    name: z.string(),
    roles: z.array(z.string()),
  })
  .meta({ id: 'UserPermission' });
export type TUserPermission = z.infer<typeof ZUserPermission>;

export const ZCustomerUserPermission = z.object({
  customerId: z.number().int(),
  userId: z.string().uuid(),
  permission: ZUserPermission,
});
export type TCustomerUserPermission = z.infer<typeof ZCustomerUserPermission>;

/** The signed-in user (spec 3, "Current user"). */
export const ZCurrentUser = z
  .object({
    id: z.string().uuid(),
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    displayName: z.string(),
    language: z.enum(LANGUAGES),
    roles: z.array(z.object({ name: z.enum(ROLES) })),
    customers: z.array(ZCustomerSummary),
    permissions: z.array(ZUserPermission).describe('Union of the permissions the user holds on any customer'),
    customerUserPermissions: z.array(ZCustomerUserPermission),
    profile: z.object({ oid: z.string().uuid(), customerIds: z.array(z.number().int()) }),
  })
  .meta({ id: 'CurrentUser' });
export type TCurrentUser = z.infer<typeof ZCurrentUser>;
