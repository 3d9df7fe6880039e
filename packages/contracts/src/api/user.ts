import { z } from 'zod';
import { LANGUAGES, MARKETS, ROLES, STORED_ROLES } from '../vocabularies.ts';
import { ZInviteByEmailResponse } from './auth.ts';
import { ZCustomerIdParam, ZCustomerSummary } from './customers.ts';
import { text, ZInt32Id } from './fields.ts';

export const ZUserPermission = z
  .object({
    id: z.number().int(),
    prefix: z.string().describe('The service abbreviation: STT, ETS, … or one an administrator added'),
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

const ZPersonName = text().trim().min(1).max(100);

export const ZUserIdParam = z.string().uuid();

/** GET /api/v3/users/search (spec 7): provider staff search every user. */
export const ZSearchUsersRequest = z.object({
  q: text().trim().max(320).optional().describe('Text in the name, e-mail address or username'),
  email: text().trim().max(320).optional(),
  firstName: text().trim().max(100).optional(),
  lastName: text().trim().max(100).optional(),
  username: text().trim().max(320).optional(),
  first: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
  max: z.coerce.number().int().min(1).max(100).default(20),
});
export type TSearchUsersRequest = z.infer<typeof ZSearchUsersRequest>;

export const ZUserSearchItem = z
  .object({
    id: z.string().uuid(),
    email: z.string(),
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    displayName: z.string(),
    enabled: z.boolean(),
    roles: z.array(z.enum(STORED_ROLES)),
    accountCount: z.number().int(),
  })
  .meta({ id: 'UserSearchItem' });
export type TUserSearchItem = z.infer<typeof ZUserSearchItem>;

/** A user as the directory of the older client shows one (spec 3, "Directory user"). */
export const ZDirectoryUser = z
  .object({
    objectId: z.string().uuid(),
    displayName: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    mail: z.string(),
    enabled: z.boolean(),
    roles: z.array(z.enum(STORED_ROLES)),
  })
  .meta({ id: 'DirectoryUser' });
export type TDirectoryUser = z.infer<typeof ZDirectoryUser>;

/** Filters of the older client's user searches. */
export const ZSearchDirectoryLegacyRequest = z.object({
  search: text().trim().max(320).optional(),
  mail: text().trim().max(320).optional(),
  firstName: text().trim().max(100).optional(),
  lastName: text().trim().max(100).optional(),
  max: z.coerce.number().int().min(1).max(100).default(50),
});
export type TSearchDirectoryLegacyRequest = z.infer<typeof ZSearchDirectoryLegacyRequest>;

/** One account of a managed user, with what they hold there and what the account offers. */
export const ZManagedUserAccount = z.object({
  customerId: z.number().int(),
  name: z.string(),
  customerNumber: z.string(),
  market: z.enum(MARKETS),
  permissionIds: z.array(z.number().int()),
  available: z.array(
    z.object({ id: z.number().int(), prefix: z.string(), name: z.string(), roles: z.array(z.string()) }),
  ),
  canRevoke: z.boolean(),
  canChangePermissions: z.boolean(),
});

/** A user as an administrator sees them (GET /api/v3/user/{userId}). */
export const ZManagedUser = z
  .object({
    id: z.string().uuid(),
    email: z.string(),
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    displayName: z.string(),
    enabled: z.boolean(),
    emailVerified: z.boolean(),
    created: z.string(),
    roles: z.array(z.enum(STORED_ROLES)),
    accounts: z.array(ZManagedUserAccount).describe('The accounts of the user that the caller administers'),
    otherAccounts: z.number().int().describe('How many further accounts the user holds'),
    lockout: z.object({ password: z.boolean(), mfa: z.boolean() }),
    allowed: z.object({ edit: z.boolean(), delete: z.boolean(), unlock: z.boolean() }),
    grantableRoles: z.array(z.enum(STORED_ROLES)).describe('Roles the caller may add to this user'),
  })
  .meta({ id: 'ManagedUser' });
export type TManagedUser = z.infer<typeof ZManagedUser>;

export const ZUpdateUserRequest = z.object({
  firstName: ZPersonName,
  lastName: ZPersonName,
  roles: z
    .array(z.enum(STORED_ROLES))
    .max(STORED_ROLES.length)
    .describe('Must keep every role the user has: the selection only adds (spec 5)'),
  enabled: z.boolean(),
});
export type TUpdateUserRequest = z.infer<typeof ZUpdateUserRequest>;

/** PUT /user of the older client. */
export const ZUpdateUserLegacyRequest = z.object({
  objectId: z.string().uuid(),
  displayName: text().trim().max(201).optional(),
  firstName: ZPersonName,
  lastName: ZPersonName,
  mail: z.email().max(320),
  enabled: z.boolean(),
  customerIds: z.array(ZInt32Id).max(10),
  roles: z.array(z.enum(STORED_ROLES)).max(STORED_ROLES.length),
});
export type TUpdateUserLegacyRequest = z.input<typeof ZUpdateUserLegacyRequest>;

export const ZSetAccountPermissionsRequest = z.object({
  permissionIds: z.array(ZInt32Id).max(200),
});
export type TSetAccountPermissionsRequest = z.infer<typeof ZSetAccountPermissionsRequest>;

/** PUT /user/{id}/permission of the older client. */
export const ZSetUserPermissionLegacyRequest = z.object({
  customerId: ZInt32Id,
  permissionIds: z.array(ZInt32Id).max(200),
});
export type TSetUserPermissionLegacyRequest = z.input<typeof ZSetUserPermissionLegacyRequest>;

/** A user of one customer account, for its users tab. */
export const ZCustomerUser = z
  .object({
    id: z.string().uuid(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    displayName: z.string(),
    enabled: z.boolean(),
    roles: z.array(z.enum(STORED_ROLES)),
    permissionIds: z.array(z.number().int()),
    locked: z.boolean(),
    hasOtherAccounts: z.boolean(),
    manageable: z.boolean().describe('The caller may change this user (name, roles, deletion)'),
    canChangePermissions: z
      .boolean()
      .describe("The caller may change the user's permissions on this account"),
  })
  .meta({ id: 'CustomerUser' });
export type TCustomerUser = z.infer<typeof ZCustomerUser>;

export const ZBulkSetAccountPermissionsRequest = z.object({
  userIds: z.array(z.string().uuid()).min(1).max(200),
  permissionIds: z.array(ZInt32Id).max(200),
  mode: z.enum(['add', 'replace']),
});
export type TBulkSetAccountPermissionsRequest = z.infer<typeof ZBulkSetAccountPermissionsRequest>;

export const INVITATION_STATUSES = ['pending', 'accepted', 'expired', 'withdrawn'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const ZInvitationItem = z
  .object({
    id: z.string().uuid(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    status: z.enum(INVITATION_STATUSES),
    created: z.string(),
    expiresAt: z.string(),
    invitedBy: z.string().nullable(),
  })
  .meta({ id: 'InvitationItem' });
export type TInvitationItem = z.infer<typeof ZInvitationItem>;

/* The other endpoints' pairs: an entity above, or a list of one, under the operation's name. */
export const ZGetCurrentUserResponse = ZCurrentUser;
export type TGetCurrentUserResponse = z.infer<typeof ZGetCurrentUserResponse>;
export const ZUpdateCurrentUserResponse = ZCurrentUser;
export type TUpdateCurrentUserResponse = z.infer<typeof ZUpdateCurrentUserResponse>;
export const ZGetCurrentUserLegacyResponse = ZCurrentUser;
export type TGetCurrentUserLegacyResponse = z.infer<typeof ZGetCurrentUserLegacyResponse>;
export const ZSearchUsersResponse = z.array(ZUserSearchItem);
export type TSearchUsersResponse = z.infer<typeof ZSearchUsersResponse>;
export const ZExportUsersRequest = ZSearchUsersRequest.omit({ first: true, max: true });
export type TExportUsersRequest = z.infer<typeof ZExportUsersRequest>;
export const ZGetUserResponse = ZManagedUser;
export type TGetUserResponse = z.infer<typeof ZGetUserResponse>;
export const ZUpdateUserResponse = ZManagedUser;
export type TUpdateUserResponse = z.infer<typeof ZUpdateUserResponse>;
export const ZUnlockUserResponse = ZManagedUser;
export type TUnlockUserResponse = z.infer<typeof ZUnlockUserResponse>;
export const ZUpdateUserLegacyResponse = ZDirectoryUser;
export type TUpdateUserLegacyResponse = z.infer<typeof ZUpdateUserLegacyResponse>;
export const ZSearchDirectoryLegacyResponse = z.array(ZDirectoryUser);
export type TSearchDirectoryLegacyResponse = z.infer<typeof ZSearchDirectoryLegacyResponse>;
export const ZGetDirectoryUserLegacyResponse = ZDirectoryUser;
export type TGetDirectoryUserLegacyResponse = z.infer<typeof ZGetDirectoryUserLegacyResponse>;
export const ZSetUserPermissionLegacyResponse = ZManagedUser;
export type TSetUserPermissionLegacyResponse = z.infer<typeof ZSetUserPermissionLegacyResponse>;
export const ZListCustomerUsersResponse = z.array(ZCustomerUser);
export type TListCustomerUsersResponse = z.infer<typeof ZListCustomerUsersResponse>;
export const ZListAccountPermissionsResponse = z.array(ZUserPermission);
export type TListAccountPermissionsResponse = z.infer<typeof ZListAccountPermissionsResponse>;
export const ZListCustomerUsersLegacyRequest = z.object({ id: ZCustomerIdParam.optional() });
export type TListCustomerUsersLegacyRequest = z.infer<typeof ZListCustomerUsersLegacyRequest>;
export const ZListCustomerUsersLegacyResponse = ZListCustomerUsersResponse;
export type TListCustomerUsersLegacyResponse = z.infer<typeof ZListCustomerUsersLegacyResponse>;
export const ZSearchCustomerDirectoryLegacyRequest = ZSearchDirectoryLegacyRequest;
export type TSearchCustomerDirectoryLegacyRequest = z.infer<typeof ZSearchCustomerDirectoryLegacyRequest>;
export const ZSearchCustomerDirectoryLegacyResponse = ZSearchDirectoryLegacyResponse;
export type TSearchCustomerDirectoryLegacyResponse = z.infer<typeof ZSearchCustomerDirectoryLegacyResponse>;
export const ZSetAccountPermissionsResponse = ZManagedUser;
export type TSetAccountPermissionsResponse = z.infer<typeof ZSetAccountPermissionsResponse>;
export const ZSetAccountPermissionsLegacyRequest = z
  .array(ZInt32Id)
  .max(200)
  .describe('The permission ids the user holds on the account afterwards');
export type TSetAccountPermissionsLegacyRequest = z.input<typeof ZSetAccountPermissionsLegacyRequest>;
export const ZSetAccountPermissionsLegacyResponse = ZManagedUser;
export type TSetAccountPermissionsLegacyResponse = z.infer<typeof ZSetAccountPermissionsLegacyResponse>;
export const ZBulkSetAccountPermissionsResponse = z.object({ updated: z.number().int() });
export type TBulkSetAccountPermissionsResponse = z.infer<typeof ZBulkSetAccountPermissionsResponse>;
export const ZListInvitationsResponse = z.array(ZInvitationItem);
export type TListInvitationsResponse = z.infer<typeof ZListInvitationsResponse>;
export const ZResendInvitationResponse = ZInviteByEmailResponse;
export type TResendInvitationResponse = z.infer<typeof ZResendInvitationResponse>;
