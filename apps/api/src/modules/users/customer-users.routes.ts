import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiError,
  ZBulkSetAccountPermissionsRequest,
  ZCustomerIdParam,
  ZSetAccountPermissionsRequest,
  ZUserIdParam,
  type TUserPermission,
  ZListCustomerUsersResponse,
  ZListAccountPermissionsResponse,
  ZListCustomerUsersLegacyRequest,
  ZListCustomerUsersLegacyResponse,
  ZSearchCustomerDirectoryLegacyRequest,
  ZSearchCustomerDirectoryLegacyResponse,
  ZSetAccountPermissionsResponse,
  ZSetAccountPermissionsLegacyRequest,
  ZSetAccountPermissionsLegacyResponse,
  ZBulkSetAccountPermissionsResponse,
  ZListInvitationsResponse,
  ZResendInvitationResponse,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { csvLine } from '../../lib/csv.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { canManageCustomer } from '../auth/policies.ts';
import type { Principal } from '../auth/principal.repository.ts';
import { principalOf } from '../auth/request-context.ts';
import { listInvitations, resendInvitation, withdrawInvitation } from './invitation-lifecycle.service.ts';
import {
  describeManagedUser,
  findUserForAdmin,
  listCustomerUsers,
  searchDirectory,
} from './user-admin.repository.ts';
import { bulkAccountPermissions, setAccountPermissions } from './user-admin.service.ts';

const ADMINS = { access: { roles: ['SF_ADMIN', 'CustomerAdministrator', 'ProviderAdministrator'] as const } };
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const customerParams = z.object({ id: ZCustomerIdParam });
const customerUserParams = z.object({ customerId: ZCustomerIdParam, userId: ZUserIdParam });

export const CUSTOMER_USERS_MESSAGE = 'Failed to load customer user data';

/** Administrators of the account (and provider administrators) only; 404 for a customer that is not there. */
async function assertManages(db: Database, actor: Principal, customerId: number) {
  if (!canManageCustomer(actor, customerId)) throw forbidden();
  const { rowCount } = await db.$client.query('SELECT 1 FROM customers WHERE id = $1', [customerId]);
  if (!rowCount) throw notFound('Failed to load customer');
}

/** The users of one customer account and their invitations (the users tab and account settings). */
export const customerUsersRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (
  app,
  { publicUrl },
) => {
  app.get(
    '/api/customers/:id/users',
    {
      config: ADMINS,
      schema: {
        operationId: 'listCustomerUsers',
        tags: ['users'],
        summary: 'The users of a customer account with their permissions there',
        params: customerParams,
        response: { 200: ZListCustomerUsersResponse, ...errors },
      },
    },
    async (request) => {
      const actor = principalOf(request);
      await assertManages(app.db, actor, request.params.id);
      return listCustomerUsers(app.db.$client, actor, request.params.id);
    },
  );

  app.get(
    '/api/customers/:id/permissions',
    {
      config: ADMINS,
      schema: {
        operationId: 'listAccountPermissions',
        tags: ['users'],
        summary: 'The permissions a customer account has, which its users can be given',
        params: customerParams,
        response: { 200: ZListAccountPermissionsResponse, ...errors },
      },
    },
    async (request) => {
      await assertManages(app.db, principalOf(request), request.params.id);
      const { rows } = await app.db.$client.query<TUserPermission>(
        `SELECT p.id, p.prefix, p.name, p.roles FROM customer_permissions cp JOIN permissions p ON p.id = cp.permission_id
          WHERE cp.customer_id = $1 ORDER BY p.prefix, p.name`,
        [request.params.id],
      );
      return rows;
    },
  );

  app.get(
    '/api/legacy/customers/users',
    {
      config: ADMINS,
      schema: {
        operationId: 'listCustomerUsersLegacy',
        tags: ['users'],
        summary: 'The users of a customer account (older client: query id)',
        description: "Without an id: 400 'Failed to load customer user data' (spec 5).",
        querystring: ZListCustomerUsersLegacyRequest,
        response: { 200: ZListCustomerUsersLegacyResponse, ...errors },
      },
    },
    async (request) => {
      const { id } = request.query;
      if (id === undefined)
        throw badRequest(CUSTOMER_USERS_MESSAGE, [
          { field: 'query.id', code: 'required', message: CUSTOMER_USERS_MESSAGE },
        ]);
      const actor = principalOf(request);
      await assertManages(app.db, actor, id);
      return listCustomerUsers(app.db.$client, actor, id);
    },
  );

  app.get(
    '/api/legacy/customers/:id/user/search',
    {
      config: ADMINS,
      schema: {
        operationId: 'searchCustomerDirectoryLegacy',
        tags: ['users'],
        summary: 'The users of a customer account as directory entries, filtered (older client)',
        params: customerParams,
        querystring: ZSearchCustomerDirectoryLegacyRequest,
        response: { 200: ZSearchCustomerDirectoryLegacyResponse, ...errors },
      },
    },
    async (request) => {
      await assertManages(app.db, principalOf(request), request.params.id);
      return searchDirectory(app.db, { ...request.query, customerId: request.params.id });
    },
  );

  const setPermissions = async (
    actor: Principal,
    params: { customerId: number; userId: string },
    permissionIds: number[],
    requestId: string,
  ) => {
    await setAccountPermissions(app.db, actor, params, permissionIds, requestId);
    const user = (await findUserForAdmin(app.db.$client, params.userId))!;
    return describeManagedUser(app.db.$client, actor, user);
  };

  app.put(
    '/api/customers/:customerId/users/:userId/permissions',
    {
      config: ADMINS,
      schema: {
        operationId: 'setAccountPermissions',
        tags: ['users'],
        summary: "Replaces a user's permissions on one account with some of the account's own",
        description: 'Changes take effect at the next request of the user.',
        params: customerUserParams,
        body: ZSetAccountPermissionsRequest,
        response: { 200: ZSetAccountPermissionsResponse, ...errors },
      },
    },
    async (request) =>
      setPermissions(principalOf(request), request.params, request.body.permissionIds, request.id),
  );

  app.put(
    '/api/legacy/customers/:customerId/users/:userId/permissions',
    {
      config: ADMINS,
      schema: {
        operationId: 'setAccountPermissionsLegacy',
        tags: ['users'],
        summary: "Replaces a user's permissions on one account (older client: a list of permission ids)",
        params: customerUserParams,
        body: ZSetAccountPermissionsLegacyRequest,
        response: { 200: ZSetAccountPermissionsLegacyResponse, ...errors },
      },
    },
    async (request) => setPermissions(principalOf(request), request.params, request.body, request.id),
  );

  app.post(
    '/api/customers/:id/users/permissions',
    {
      config: ADMINS,
      schema: {
        operationId: 'bulkSetAccountPermissions',
        tags: ['users'],
        summary: 'Adds permissions to, or replaces the permissions of, many users of an account at once',
        description: 'All or nothing: a single user the caller may not change refuses the whole request.',
        params: customerParams,
        body: ZBulkSetAccountPermissionsRequest,
        response: { 200: ZBulkSetAccountPermissionsResponse, ...errors },
      },
    },
    async (request) => {
      const actor = principalOf(request);
      await assertManages(app.db, actor, request.params.id);
      return {
        updated: await bulkAccountPermissions(app.db, actor, request.params.id, request.body, request.id),
      };
    },
  );

  app.get(
    '/api/customers/:id/users/export',
    {
      config: ADMINS,
      schema: {
        operationId: 'exportCustomerUsers',
        tags: ['users'],
        summary: 'The users of a customer account as CSV',
        params: customerParams,
        // Only the answer is CSV: an error is JSON like everywhere (`produces` would list it as CSV).
        response: {
          200: {
            description: 'CSV: name, e-mail, roles, permissions, enabled, locked',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const actor = principalOf(request);
      const { id } = request.params;
      await assertManages(app.db, actor, id);
      const [users, permissions] = await Promise.all([
        listCustomerUsers(app.db.$client, actor, id),
        app.db.$client.query<{ id: number; label: string }>(
          `SELECT p.id, p.prefix || ' ' || p.name AS label FROM customer_permissions cp
             JOIN permissions p ON p.id = cp.permission_id WHERE cp.customer_id = $1`,
          [id],
        ),
      ]);
      const labels = new Map(permissions.rows.map((p) => [p.id, p.label]));
      const lines = [
        csvLine(['first name', 'last name', 'e-mail', 'roles', 'permissions', 'enabled', 'locked']),
        ...users.map((u) =>
          csvLine([
            u.firstName,
            u.lastName,
            u.email,
            u.roles.join(' '),
            u.permissionIds.map((p) => labels.get(p) ?? String(p)).join('; '),
            u.enabled ? 'yes' : 'no',
            u.locked ? 'yes' : 'no',
          ]),
        ),
      ];
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="users-${id}.csv"`)
        .send(Readable.from(lines) as unknown as string);
    },
  );

  app.get(
    '/api/customers/:id/invitations',
    {
      config: ADMINS,
      schema: {
        operationId: 'listInvitations',
        tags: ['users'],
        summary: 'The invitations to a customer account: pending, accepted, expired or withdrawn',
        params: customerParams,
        response: { 200: ZListInvitationsResponse, ...errors },
      },
    },
    async (request) => {
      const actor = principalOf(request);
      await assertManages(app.db, actor, request.params.id);
      return listInvitations(app.db, actor, request.params.id);
    },
  );

  const invitationParams = z.object({ id: ZCustomerIdParam, invitationId: z.string().uuid() });

  app.post(
    '/api/customers/:id/invitations/:invitationId/resend',
    {
      config: ADMINS,
      schema: {
        operationId: 'resendInvitation',
        tags: ['users'],
        summary: 'Sends an invitation again with a fresh link (the earlier one stops working)',
        params: invitationParams,
        response: { 200: ZResendInvitationResponse, ...errors, 409: ZApiError },
      },
    },
    async (request) => {
      const { id, invitationId } = request.params;
      const outbox = await resendInvitation(
        app.db,
        principalOf(request),
        id,
        invitationId,
        publicUrl,
        request.id,
      );
      await app.deliverEmails(outbox);
      return { status: 'invitationSent' as const };
    },
  );

  app.delete(
    '/api/customers/:id/invitations/:invitationId',
    {
      config: ADMINS,
      schema: {
        operationId: 'withdrawInvitation',
        tags: ['users'],
        summary: 'Withdraws a pending invitation; someone who never signed in loses the access it gave',
        params: invitationParams,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      const { id, invitationId } = request.params;
      await withdrawInvitation(app.db, principalOf(request), id, invitationId, request.id);
      return reply.code(204).send();
    },
  );
};
