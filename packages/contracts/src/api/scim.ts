import { z } from 'zod';
import { ZInt32Id } from './fields.ts';

/*
 * SCIM provisioning (issue 23): a customer administrator switches the customer's directory on,
 * gives it bearer tokens and maps its groups to accounts, a role and service permissions. The
 * directory itself talks SCIM at /scim/v2 (docs/scim.md), which is not part of this document.
 */

/** The prefix every SCIM token starts with, so people and secret scanners can recognise one. */
export const SCIM_TOKEN_PREFIX = 'scim_';

/**
 * How the audit log names a change a customer's directory made: this, then the token's prefix
 * (`SCIM scim_Ab12Cd`). The web app shows it as "by SCIM".
 */
export const SCIM_AUDIT_ACTOR_PREFIX = 'SCIM ';

/** The roles a group grant may give: never a provider role. */
export const SCIM_GRANT_ROLES = ['CustomerUser', 'CustomerAdministrator'] as const;
export type ScimGrantRole = (typeof SCIM_GRANT_ROLES)[number];

/** Accounts one group may grant (a user holds at most 10 in all). */
export const MAX_SCIM_GRANTS_PER_GROUP = 10;

export const ZScimTokenIdParam = z.string().uuid().describe('The id of a SCIM token');
export const ZScimGroupIdParam = z.string().uuid().describe('The id of a directory group');

export const ZScimToken = z
  .object({
    id: z.string().uuid(),
    tokenPrefix: z.string().describe('The first characters of the token, to tell tokens apart'),
    created: z.string(),
    createdBy: z.string().nullable().describe('The name of who created it (null once they are deleted)'),
    lastUsedAt: z.string().nullable().describe('Last accepted call, to the minute'),
    expiresAt: z
      .string()
      .nullable()
      .describe('When the token stops working (set by a rotation or at creation)'),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: 'ScimToken' });
export type TScimToken = z.infer<typeof ZScimToken>;

export const ZScimSettings = z
  .object({
    enabled: z.boolean(),
    baseUrl: z.string().describe('The SCIM base URL to give the directory (Entra ID: Tenant URL)'),
    tokens: z.array(ZScimToken),
    provisionedUsers: z.number().int(),
  })
  .meta({ id: 'ScimSettings' });
export type TScimSettings = z.infer<typeof ZScimSettings>;
export const ZGetScimSettingsResponse = ZScimSettings;
export const ZUpdateScimSettingsResponse = ZScimSettings;

export const ZUpdateScimSettingsRequest = z.object({ enabled: z.boolean() }).strict();
export type TUpdateScimSettingsRequest = z.input<typeof ZUpdateScimSettingsRequest>;

export const ZCreateScimTokenRequest = z
  .object({
    expiresInDays: z
      .number()
      .int()
      .min(1)
      .max(730)
      .nullable()
      .describe('Days until the token stops working; null: never'),
  })
  .strict();
export type TCreateScimTokenRequest = z.input<typeof ZCreateScimTokenRequest>;

export const ZRotateScimTokenRequest = z
  .object({
    overlapHours: z
      .number()
      .int()
      .min(0)
      .max(168)
      .describe('Hours the old token keeps working, so the directory can switch'),
  })
  .strict();
export type TRotateScimTokenRequest = z.input<typeof ZRotateScimTokenRequest>;

export const ZCreatedScimToken = ZScimToken.extend({
  token: z.string().describe('The token itself: shown this once, only its hash is kept'),
}).meta({ id: 'CreatedScimToken' });
export type TCreatedScimToken = z.infer<typeof ZCreatedScimToken>;
export const ZCreateScimTokenResponse = ZCreatedScimToken;
export const ZRotateScimTokenResponse = ZCreatedScimToken;

export const ZScimGrant = z
  .object({
    accountId: ZInt32Id,
    role: z.enum(SCIM_GRANT_ROLES),
    permissionIds: z
      .array(ZInt32Id)
      .max(200)
      .refine((ids) => new Set(ids).size === ids.length, {
        error: 'Each permission at most once.',
        params: { code: 'invalidValue' },
      }),
  })
  .strict()
  .meta({ id: 'ScimGrant' });
export type TScimGrant = z.infer<typeof ZScimGrant>;

export const ZScimGroup = z
  .object({
    id: z.string().uuid(),
    displayName: z.string(),
    externalId: z.string().nullable(),
    memberCount: z.number().int(),
    grants: z.array(ZScimGrant),
  })
  .meta({ id: 'ScimGroup' });
export type TScimGroup = z.infer<typeof ZScimGroup>;

/** An account the administrator may map groups to, with the permissions they may hand out on it. */
export const ZScimGrantableAccount = z
  .object({
    id: z.number().int(),
    name: z.string(),
    customerNumber: z.string(),
    permissions: z.array(z.object({ id: z.number().int(), prefix: z.string(), name: z.string() })),
  })
  .meta({ id: 'ScimGrantableAccount' });
export type TScimGrantableAccount = z.infer<typeof ZScimGrantableAccount>;

export const ZListScimGroupsResponse = z
  .object({ groups: z.array(ZScimGroup), accounts: z.array(ZScimGrantableAccount) })
  .meta({ id: 'ScimGroups' });
export type TListScimGroupsResponse = z.infer<typeof ZListScimGroupsResponse>;

export const ZSetScimGroupGrantsRequest = z
  .object({
    grants: z
      .array(ZScimGrant)
      .max(MAX_SCIM_GRANTS_PER_GROUP)
      .refine((grants) => new Set(grants.map((g) => g.accountId)).size === grants.length, {
        error: 'Each account at most once.',
        params: { code: 'invalidValue' },
      }),
  })
  .strict();
export type TSetScimGroupGrantsRequest = z.input<typeof ZSetScimGroupGrantsRequest>;
