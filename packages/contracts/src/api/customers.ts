import { z } from 'zod';
import { MARKETS, MFA_TYPES } from '../vocabularies.ts';
import { optionalGuid, optionalText, pageOf, pageQuery, quotable, text, ZInt32Id } from './fields.ts';

export const ZCustomerId = z.coerce.number().pipe(ZInt32Id);

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

export const ZSearchAccountsResponse = z.array(ZCustomerSummary);
export type TSearchAccountsResponse = z.infer<typeof ZSearchAccountsResponse>;

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

export const ZGetCustomerLegacyRequest = z.object({
  detailed: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export type TGetCustomerLegacyRequest = z.infer<typeof ZGetCustomerLegacyRequest>;

export const ZRevokeUserForCustomerRequest = z.object({
  userID: z.string().uuid(),
  customerID: ZCustomerIdParam,
});
export type TRevokeUserForCustomerRequest = z.infer<typeof ZRevokeUserForCustomerRequest>;

/** A customer number: a country prefix and digits, e.g. SE123 (spec 5). */
export const CUSTOMER_NUMBER = /^[A-Z]{2}\d{1,12}$/;
export const CUSTOMER_NUMBER_MESSAGE = 'Use a country prefix and digits, e.g. SE123.';

export const ZCustomerNumber = text()
  .trim()
  .toUpperCase()
  .regex(CUSTOMER_NUMBER, { error: CUSTOMER_NUMBER_MESSAGE });

const SORTABLE = ['name', 'customerNumber', 'market', 'created'] as const;

/** GET /api/v2/customers and /api/v3/customers (spec 7): search, market filter, paging and sorting. */
export const ZSearchCustomersRequest = z.object({
  customerName: text().trim().max(200).optional(),
  customerNumber: text().trim().max(20).optional(),
  market: z.enum(MARKETS).optional(),
  ...pageQuery(),
  sortBy: z.enum(SORTABLE).default('name'),
  sortDirection: z.enum(['asc', 'desc']).default('asc'),
});
export type TSearchCustomersRequest = z.infer<typeof ZSearchCustomersRequest>;

export const ZCustomerListItem = ZCustomerSummary.extend({
  created: z.string(),
  userCount: z.number().int(),
}).meta({ id: 'CustomerListItem' });
export type TCustomerListItem = z.infer<typeof ZCustomerListItem>;

export const ZSearchCustomersResponse = pageOf(ZCustomerListItem).meta({ id: 'SearchCustomersResponse' });
export type TSearchCustomersResponse = z.infer<typeof ZSearchCustomersResponse>;

const customerFields = {
  name: text().trim().min(1).max(200),
  market: z.enum(MARKETS),
  organizationalNumber: optionalText(50),
  vatNumber: optionalText(50),
  notes: optionalText(2000),
  crmMappingGuid: optionalGuid(),
  wodGroupName: optionalText(100),
};

export const ZCreateCustomerRequest = z.object({
  ...customerFields,
  customerNumber: ZCustomerNumber,
  permissionIds: z.array(ZInt32Id).max(500).default([]).describe('Service access to start with'),
  applicationIds: z.array(ZInt32Id).max(500).default([]),
});
export type TCreateCustomerRequest = z.input<typeof ZCreateCustomerRequest>;

/** POST /v2/customers of the older client: customer, customerPermissions, applications. */
export const ZCreateCustomerLegacyRequest = z.object({
  customer: z.object({ ...customerFields, customerNumber: ZCustomerNumber }),
  customerPermissions: z
    .array(z.object({ id: ZInt32Id }))
    .max(500)
    .default([]),
  applications: z
    .array(z.object({ id: ZInt32Id }))
    .max(500)
    .default([]),
});
export type TCreateCustomerLegacyRequest = z.input<typeof ZCreateCustomerLegacyRequest>;

export const ZUpdateCustomerRequest = z.object(customerFields);
export type TUpdateCustomerRequest = z.input<typeof ZUpdateCustomerRequest>;

/** PUT /customers of the older client. */
export const ZUpdateCustomerLegacyRequest = z.object({
  customer: z.object({ id: ZInt32Id, ...customerFields }),
});
export type TUpdateCustomerLegacyRequest = z.input<typeof ZUpdateCustomerLegacyRequest>;

/** GET /api/accounts (spec 7): accounts by name or number. */
export const ZSearchAccountsRequest = z.object({
  nameContains: text().trim().max(200).optional(),
  accountNumberContains: text().trim().max(20).optional(),
});
export type TSearchAccountsRequest = z.infer<typeof ZSearchAccountsRequest>;

/** Service access of one customer: every service with its permissions and applications, and which it has. */
export const ZServiceAccess = z
  .object({
    services: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        shortName: z.string(),
        notGrantedWithAccess: z
          .boolean()
          .describe('AI, WOD, EA and IBF: never given to users together with customer access (spec 5)'),
        permissions: z.array(
          z.object({
            id: z.number().int(),
            name: z.string(),
            roles: z.array(z.string()),
            customerId: z.number().int().nullable(),
            granted: z.boolean(),
          }),
        ),
        applications: z.array(
          z.object({ id: z.number().int(), applicationName: z.string(), granted: z.boolean() }),
        ),
      }),
    ),
  })
  .meta({ id: 'ServiceAccess' });
export type TServiceAccess = z.infer<typeof ZServiceAccess>;

export const ZUpdateServiceAccessRequest = z.object({
  permissionIds: z.array(ZInt32Id).max(500),
  applicationIds: z.array(ZInt32Id).max(500),
});
export type TUpdateServiceAccessRequest = z.infer<typeof ZUpdateServiceAccessRequest>;

/** PUT /customers/permissions of the older client: the customer and its active permissions. */
export const ZUpdateCustomerPermissionsLegacyRequest = z.object({
  customer: z.object({ id: ZInt32Id }),
  activePermissions: z.array(z.object({ id: ZInt32Id })).max(500),
});
export type TUpdateCustomerPermissionsLegacyRequest = z.input<typeof ZUpdateCustomerPermissionsLegacyRequest>;

/** GET /customers/applications of the older client. */
export const ZListCustomerApplicationsLegacyRequest = z.object({
  id: ZCustomerIdParam,
  detailed: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export type TListCustomerApplicationsLegacyRequest = z.infer<typeof ZListCustomerApplicationsLegacyRequest>;

export const ZCustomerApplication = z.object({
  id: z.number().int(),
  applicationName: z.string(),
  serviceId: z.number().int().optional(),
  serviceName: z.string().optional(),
});

/** POST /customers/applications of the older client. */
export const ZSetCustomerApplicationsLegacyRequest = z.object({
  customer: z.object({ id: ZInt32Id }),
  appIds: z.array(ZInt32Id).max(500),
});
export type TSetCustomerApplicationsLegacyRequest = z.input<typeof ZSetCustomerApplicationsLegacyRequest>;

/** One entry of a customer's audit log, with what changed. */
export const ZAuditEntry = z
  .object({
    id: z.number().int(),
    at: z.string(),
    actorEmail: z.string().nullable(),
    action: z.string(),
    entityType: z.string(),
    entityId: z.string(),
    before: z.unknown(),
    after: z.unknown(),
    requestId: z.string().nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZListCustomerAuditRequest = z.object({
  action: text()
    .trim()
    .max(100)
    .optional()
    .describe('Beginning of the action, e.g. "user." or "customer.updated"'),
  actor: text().trim().max(320).optional().describe("Text in the actor's e-mail address"),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  ...pageQuery(25, 200),
});
export type TListCustomerAuditRequest = z.infer<typeof ZListCustomerAuditRequest>;

export const ZListCustomerAuditResponse = pageOf(ZAuditEntry).meta({ id: 'ListCustomerAuditResponse' });
export type TListCustomerAuditResponse = z.infer<typeof ZListCustomerAuditResponse>;

/* The other endpoints' pairs: an entity above, or a list of one, under the operation's name. */
export const ZGetCustomerLegacyResponse = ZCustomer;
export type TGetCustomerLegacyResponse = z.infer<typeof ZGetCustomerLegacyResponse>;
export const ZUpdateCustomerMfaResponse = ZCustomer;
export type TUpdateCustomerMfaResponse = z.infer<typeof ZUpdateCustomerMfaResponse>;
export const ZListMyCustomersRequest = ZSearchCustomersRequest.partial();
export type TListMyCustomersRequest = z.infer<typeof ZListMyCustomersRequest>;
export const ZListMyCustomersResponse = z.union([z.array(ZCustomerSummary), ZSearchCustomersResponse]);
export type TListMyCustomersResponse = z.infer<typeof ZListMyCustomersResponse>;
export const ZCreateCustomerResponse = ZCustomer;
export type TCreateCustomerResponse = z.infer<typeof ZCreateCustomerResponse>;
export const ZCreateCustomerLegacyResponse = ZCustomer;
export type TCreateCustomerLegacyResponse = z.infer<typeof ZCreateCustomerLegacyResponse>;
export const ZUpdateCustomerResponse = ZCustomer;
export type TUpdateCustomerResponse = z.infer<typeof ZUpdateCustomerResponse>;
export const ZUpdateCustomerLegacyResponse = ZCustomer;
export type TUpdateCustomerLegacyResponse = z.infer<typeof ZUpdateCustomerLegacyResponse>;
export const ZGetServiceAccessResponse = ZServiceAccess;
export type TGetServiceAccessResponse = z.infer<typeof ZGetServiceAccessResponse>;
export const ZUpdateServiceAccessResponse = ZServiceAccess;
export type TUpdateServiceAccessResponse = z.infer<typeof ZUpdateServiceAccessResponse>;
export const ZUpdateCustomerPermissionsLegacyResponse = ZCustomer;
export type TUpdateCustomerPermissionsLegacyResponse = z.infer<
  typeof ZUpdateCustomerPermissionsLegacyResponse
>;
export const ZListCustomerApplicationsLegacyResponse = z.array(ZCustomerApplication);
export type TListCustomerApplicationsLegacyResponse = z.infer<typeof ZListCustomerApplicationsLegacyResponse>;
export const ZSetCustomerApplicationsLegacyResponse = ZListCustomerApplicationsLegacyResponse;
export type TSetCustomerApplicationsLegacyResponse = z.infer<typeof ZSetCustomerApplicationsLegacyResponse>;
export const ZExportCustomerAuditRequest = ZListCustomerAuditRequest.omit({ take: true, skip: true });
export type TExportCustomerAuditRequest = z.infer<typeof ZExportCustomerAuditRequest>;
