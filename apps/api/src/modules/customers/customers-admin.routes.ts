import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiError,
  ZListCustomerAuditResponse,
  ZListCustomerAuditRequest,
  ZCreateCustomerRequest,
  ZCustomerIdParam,
  ZSearchAccountsResponse,
  ZSearchCustomersResponse,
  ZCreateCustomerLegacyRequest,
  ZListCustomerApplicationsLegacyRequest,
  ZSetCustomerApplicationsLegacyRequest,
  ZUpdateCustomerPermissionsLegacyRequest,
  ZUpdateCustomerLegacyRequest,
  ZSearchAccountsRequest,
  ZSearchCustomersRequest,
  ZUpdateCustomerRequest,
  ZUpdateServiceAccessRequest,
  ZListMyCustomersRequest,
  ZListMyCustomersResponse,
  ZCreateCustomerResponse,
  ZCreateCustomerLegacyResponse,
  ZUpdateCustomerResponse,
  ZUpdateCustomerLegacyResponse,
  ZGetServiceAccessResponse,
  ZUpdateServiceAccessResponse,
  ZUpdateCustomerPermissionsLegacyResponse,
  ZListCustomerApplicationsLegacyResponse,
  ZSetCustomerApplicationsLegacyResponse,
  ZExportCustomerAuditRequest,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { csvLine } from '../../lib/csv.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { canManageCustomer, isProviderAdmin } from '../auth/policies.ts';
import { principalOf } from '../auth/request-context.ts';
import type { Principal } from '../auth/principal.repository.ts';
import { customerAuditBatches, listCustomerAudit } from './customer-audit.repository.ts';
import {
  createCustomer,
  getServiceAccess,
  updateCustomer,
  updateServiceAccess,
} from './customer-admin.service.ts';
import {
  customerExists,
  findCustomer,
  listCustomerApplications,
  listCustomersOfUser,
  searchAccounts,
  searchCustomers,
} from './customers.repository.ts';

const PROVIDER_ADMINS = { access: { roles: ['SF_ADMIN'] as const } };
const ADMINS = { access: { roles: ['SF_ADMIN', 'CustomerAdministrator', 'ProviderAdministrator'] as const } };
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const idParams = z.object({ id: ZCustomerIdParam });

async function loadCustomer(db: Database, id: number) {
  const customer = await findCustomer(db, id, true);
  if (!customer) throw notFound('Failed to load customer');
  return customer;
}

/** Customer administrators reach only the accounts they administer; nobody learns whether others exist. */
async function assertManagesCustomer(db: Database, actor: Principal, customerId: number) {
  if (!canManageCustomer(actor, customerId)) throw forbidden();
  if (!(await customerExists(db, customerId))) throw notFound('Failed to load customer');
}

/** The customer list, creation and editing, service access and the audit log (spec 2, /customers). */
export const customersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v2/customers',
    {
      config: PROVIDER_ADMINS,
      schema: {
        operationId: 'searchCustomers',
        tags: ['customers'],
        summary:
          'Customers by name and number, in a market, sorted, a page at a time (provider administrators)',
        querystring: ZSearchCustomersRequest,
        response: { 200: ZSearchCustomersResponse, 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => searchCustomers(app.db, request.query),
  );

  // The same search under v3 (the web app's choice with the own authentication service), sharing
  // the path with the signed-in user's own accounts: any search or paging parameter asks for the
  // search, which only provider administrators may make.
  const V3_SEARCH_KEYS = [
    'customerName',
    'customerNumber',
    'market',
    'take',
    'skip',
    'sortBy',
    'sortDirection',
  ];
  app.get(
    '/api/v3/customers',
    {
      config: { access: {} },
      schema: {
        operationId: 'listMyCustomers',
        tags: ['customers'],
        summary: "The signed-in user's customer accounts; with search parameters, the customer search",
        description:
          'Without parameters: the accounts of the signed-in user (an array). With any of customerName, customerNumber, ' +
          'market, take, skip, sortBy or sortDirection: the customer search of GET /api/v2/customers ({ totalCount, result }), ' +
          'for provider administrators only.',
        querystring: ZListMyCustomersRequest,
        response: {
          200: ZListMyCustomersResponse,
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
        },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      // The parsed query has its defaults filled in: look at what the caller sent.
      const sent = new URL(request.url, 'http://hub.invalid').searchParams;
      if (!V3_SEARCH_KEYS.some((key) => sent.has(key))) {
        return listCustomersOfUser(app.db, principal.userId);
      }
      if (!isProviderAdmin(principal)) throw forbidden();
      return searchCustomers(app.db, ZSearchCustomersRequest.parse(request.query));
    },
  );

  app.post(
    '/api/customers',
    {
      config: PROVIDER_ADMINS,
      schema: {
        operationId: 'createCustomer',
        tags: ['customers'],
        summary: 'Creates a customer account, with the service access it starts with',
        description:
          "409 CUSTOMER_EXISTS ('This customer already exists') when the customer number is taken.",
        body: ZCreateCustomerRequest,
        response: { 201: ZCreateCustomerResponse, ...errors, 409: ZApiError },
      },
    },
    async (request, reply) => {
      const id = await createCustomer(app.db, principalOf(request), request.body, request.id);
      return reply.code(201).send(await loadCustomer(app.db, id));
    },
  );

  app.post(
    '/api/legacy/v2/customers',
    {
      config: PROVIDER_ADMINS,
      schema: {
        operationId: 'createCustomerLegacy',
        tags: ['customers'],
        summary: 'Creates a customer account (older client: customer, customerPermissions, applications)',
        body: ZCreateCustomerLegacyRequest,
        response: { 201: ZCreateCustomerLegacyResponse, ...errors, 409: ZApiError },
      },
    },
    async (request, reply) => {
      const { customer, customerPermissions, applications } = request.body;
      const id = await createCustomer(
        app.db,
        principalOf(request),
        {
          ...customer,
          permissionIds: customerPermissions.map((p) => p.id),
          applicationIds: applications.map((a) => a.id),
        },
        request.id,
      );
      return reply.code(201).send(await loadCustomer(app.db, id));
    },
  );

  app.put(
    '/api/customers/:id',
    {
      config: PROVIDER_ADMINS,
      schema: {
        operationId: 'updateCustomer',
        tags: ['customers'],
        summary: "Changes a customer's details (the customer number stays)",
        params: idParams,
        body: ZUpdateCustomerRequest,
        response: { 200: ZUpdateCustomerResponse, ...errors },
      },
    },
    async (request) => {
      await updateCustomer(app.db, principalOf(request), request.params.id, request.body, request.id);
      return loadCustomer(app.db, request.params.id);
    },
  );

  app.put(
    '/api/legacy/customers',
    {
      config: PROVIDER_ADMINS,
      schema: {
        operationId: 'updateCustomerLegacy',
        tags: ['customers'],
        summary: "Changes a customer's details (older client: PUT /customers)",
        body: ZUpdateCustomerLegacyRequest,
        response: { 200: ZUpdateCustomerLegacyResponse, ...errors },
      },
    },
    async (request) => {
      const { id, ...details } = request.body.customer;
      await updateCustomer(app.db, principalOf(request), id, details, request.id);
      return loadCustomer(app.db, id);
    },
  );

  app.get(
    '/api/customers/:id/service-access',
    {
      config: PROVIDER_ADMINS,
      schema: {
        operationId: 'getServiceAccess',
        tags: ['customers'],
        summary: 'Every service with its permissions and applications, and which the customer has',
        params: idParams,
        response: { 200: ZGetServiceAccessResponse, ...errors },
      },
    },
    async (request) => {
      if (!(await customerExists(app.db, request.params.id))) throw notFound('Failed to load customer');
      return getServiceAccess(app.db.$client, request.params.id);
    },
  );

  app.put(
    '/api/customers/:id/service-access',
    {
      config: PROVIDER_ADMINS,
      schema: {
        operationId: 'updateServiceAccess',
        tags: ['customers'],
        summary: "Grants and withdraws a customer's services (permissions) and applications",
        description:
          'The lists replace what the customer has. A withdrawn permission is also taken from the users of the account.',
        params: idParams,
        body: ZUpdateServiceAccessRequest,
        response: { 200: ZUpdateServiceAccessResponse, ...errors },
      },
    },
    async (request) => {
      await updateServiceAccess(app.db, principalOf(request), request.params.id, request.body, request.id);
      return getServiceAccess(app.db.$client, request.params.id);
    },
  );

  app.put(
    '/api/legacy/customers/permissions',
    {
      config: PROVIDER_ADMINS,
      schema: {
        operationId: 'updateCustomerPermissionsLegacy',
        tags: ['customers'],
        summary: "Replaces a customer's service access (older client: customer, activePermissions)",
        body: ZUpdateCustomerPermissionsLegacyRequest,
        response: { 200: ZUpdateCustomerPermissionsLegacyResponse, ...errors },
      },
    },
    async (request) => {
      const { customer, activePermissions } = request.body;
      await updateServiceAccess(
        app.db,
        principalOf(request),
        customer.id,
        { permissionIds: activePermissions.map((p) => p.id) },
        request.id,
      );
      return loadCustomer(app.db, customer.id);
    },
  );

  app.get(
    '/api/legacy/customers/applications',
    {
      config: PROVIDER_ADMINS,
      schema: {
        operationId: 'listCustomerApplicationsLegacy',
        tags: ['customers'],
        summary: "A customer's applications (older client); `detailed` adds each one's service",
        querystring: ZListCustomerApplicationsLegacyRequest,
        response: { 200: ZListCustomerApplicationsLegacyResponse, ...errors },
      },
    },
    async (request) => {
      if (!(await customerExists(app.db, request.query.id))) throw notFound('Failed to load customer');
      return listCustomerApplications(app.db, request.query.id, request.query.detailed);
    },
  );

  app.post(
    '/api/legacy/customers/applications',
    {
      config: PROVIDER_ADMINS,
      schema: {
        operationId: 'setCustomerApplicationsLegacy',
        tags: ['customers'],
        summary: "Replaces a customer's applications (older client: customer, appIds)",
        body: ZSetCustomerApplicationsLegacyRequest,
        response: { 200: ZSetCustomerApplicationsLegacyResponse, ...errors },
      },
    },
    async (request) => {
      const { customer, appIds } = request.body;
      await updateServiceAccess(
        app.db,
        principalOf(request),
        customer.id,
        { applicationIds: appIds },
        request.id,
      );
      return listCustomerApplications(app.db, customer.id, true);
    },
  );

  app.get(
    '/api/customers/:id/audit',
    {
      config: ADMINS,
      schema: {
        operationId: 'listCustomerAudit',
        tags: ['customers'],
        summary: "A customer's audit log with before and after values, newest first",
        description: 'For provider administrators and the administrators of that customer.',
        params: idParams,
        querystring: ZListCustomerAuditRequest,
        response: { 200: ZListCustomerAuditResponse, ...errors },
      },
    },
    async (request) => {
      await assertManagesCustomer(app.db, principalOf(request), request.params.id);
      return listCustomerAudit(app.db, request.params.id, request.query);
    },
  );

  app.get(
    '/api/customers/:id/audit/export',
    {
      config: ADMINS,
      schema: {
        operationId: 'exportCustomerAudit',
        tags: ['customers'],
        summary: "A customer's audit log as CSV, with the list's filters",
        params: idParams,
        querystring: ZExportCustomerAuditRequest,
        // Only the answer is CSV: an error is JSON like everywhere (`produces` would list it as CSV).
        response: {
          200: {
            description: 'CSV: time, actor, action, entity, before, after, request id',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await assertManagesCustomer(app.db, principalOf(request), id);
      const batches = customerAuditBatches(app.db, id, request.query);
      async function* lines() {
        yield csvLine([
          'time',
          'actor',
          'action',
          'entity type',
          'entity id',
          'before',
          'after',
          'request id',
        ]);
        for await (const batch of batches)
          yield batch
            .map((e) =>
              csvLine([
                e.at,
                e.actorEmail,
                e.action,
                e.entityType,
                e.entityId,
                e.before,
                e.after,
                e.requestId,
              ]),
            )
            .join('');
      }
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="audit-${id}.csv"`)
          // A stream is written as it is; the string schema only describes it in the OpenAPI document.
          .send(Readable.from(lines()) as unknown as string)
      );
    },
  );

  app.get(
    '/api/accounts',
    {
      config: { access: {} },
      schema: {
        operationId: 'searchAccounts',
        tags: ['customers'],
        summary:
          'Customer accounts by name or number: every account for provider administrators, else your own',
        querystring: ZSearchAccountsRequest,
        response: { 200: ZSearchAccountsResponse, 400: ZApiError, 401: ZApiError },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      return searchAccounts(
        app.db,
        { customerIds: isProviderAdmin(principal) ? 'all' : principal.customerIds },
        request.query,
      );
    },
  );
};
