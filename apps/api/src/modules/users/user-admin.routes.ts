import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiError,
  ZSearchDirectoryLegacyRequest,
  ZUpdateUserLegacyRequest,
  ZSetUserPermissionLegacyRequest,
  ZSearchUsersRequest,
  ZUpdateUserRequest,
  ZUserIdParam,
  ZSearchUsersResponse,
  ZExportUsersRequest,
  ZGetUserResponse,
  ZUpdateUserResponse,
  ZUnlockUserResponse,
  ZGetCurrentUserLegacyResponse,
  ZSearchDirectoryLegacyResponse,
  ZGetDirectoryUserLegacyResponse,
  ZUpdateUserLegacyResponse,
  ZSetUserPermissionLegacyResponse,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { csvLine } from '../../lib/csv.ts';
import { unauthenticated } from '../../lib/errors.ts';
import { canViewUser } from '../auth/policies.ts';
import type { Principal } from '../auth/principal.repository.ts';
import { principalOf } from '../auth/request-context.ts';
import {
  describeManagedUser,
  findDirectoryUser,
  findUserForAdmin,
  searchDirectory,
  searchUsers,
} from './user-admin.repository.ts';
import {
  deleteUser,
  setAccountPermissions,
  unlockUser,
  updateUser,
  updateUserLegacy,
  userNotFound,
} from './user-admin.service.ts';
import { getCurrentUser } from './users.repository.ts';

const PROVIDER_ADMINS = { access: { roles: ['SF_ADMIN'] as const } };
const ADMINS = { access: { roles: ['SF_ADMIN', 'CustomerAdministrator', 'ProviderAdministrator'] as const } };
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const userParams = z.object({ userId: ZUserIdParam });
const EXPORT_BATCH = 1000;

async function managedUser(db: Database, actor: Principal, userId: string) {
  const user = await findUserForAdmin(db.$client, userId);
  if (!user || !canViewUser(actor, user.managed)) throw userNotFound();
  return describeManagedUser(db.$client, actor, user);
}

/** Users as administrators see and change them (spec 2: /users, /customers/{id}/users, /accountsettings/users). */
export const userAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v3/users/search',
    {
      config: PROVIDER_ADMINS,
      schema: {
        operationId: 'searchUsers',
        tags: ['users'],
        summary: 'Every user by name, e-mail address or username, a page at a time (provider administrators)',
        description:
          '`first` and `max` page through the matches; the X-Total-Count header gives their number.',
        querystring: ZSearchUsersRequest,
        response: { 200: ZSearchUsersResponse, 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request, reply) => {
      const { totalCount, result } = await searchUsers(app.db, request.query);
      reply.header('x-total-count', String(totalCount));
      return result;
    },
  );

  app.get(
    '/api/v3/users/export',
    {
      config: PROVIDER_ADMINS,
      schema: {
        operationId: 'exportUsers',
        tags: ['users'],
        summary: 'Every user matching the search as CSV (provider administrators)',
        querystring: ZExportUsersRequest,
        // Only the answer is CSV: an error is JSON like everywhere (`produces` would list it as CSV).
        response: {
          200: {
            description: 'CSV: first name, last name, e-mail, username, roles, accounts, enabled',
            content: { 'text/csv': { schema: z.string() } },
          },
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const filter = request.query;
      async function* lines() {
        yield csvLine(['first name', 'last name', 'e-mail', 'username', 'roles', 'accounts', 'enabled']);
        for (let first = 0; ; first += EXPORT_BATCH) {
          const { result } = await searchUsers(app.db, { ...filter, first, max: EXPORT_BATCH });
          yield result
            .map((u) =>
              csvLine([
                u.firstName,
                u.lastName,
                u.email,
                u.username,
                u.roles.join(' '),
                u.accountCount,
                u.enabled ? 'yes' : 'no',
              ]),
            )
            .join('');
          if (result.length < EXPORT_BATCH) return;
        }
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="users.csv"')
        .send(Readable.from(lines()) as unknown as string);
    },
  );

  app.get(
    '/api/v3/user/:userId',
    {
      config: ADMINS,
      schema: {
        operationId: 'getUser',
        tags: ['users'],
        summary: 'A user with their roles and the permissions on the accounts the caller administers',
        description:
          'Provider administrators see every user; customer administrators the users of their accounts (404 for others).',
        params: userParams,
        response: { 200: ZGetUserResponse, ...errors },
      },
    },
    async (request) => managedUser(app.db, principalOf(request), request.params.userId),
  );

  app.put(
    '/api/v3/user/:userId',
    {
      config: ADMINS,
      schema: {
        operationId: 'updateUser',
        tags: ['users'],
        summary: "Changes a user's name, roles (only adding) and whether they may sign in",
        description:
          'Roles take effect at the next request of the user. A disabled user is signed out everywhere at once.',
        params: userParams,
        body: ZUpdateUserRequest,
        response: { 200: ZUpdateUserResponse, ...errors },
      },
    },
    async (request) => {
      const actor = principalOf(request);
      await updateUser(app.db, actor, request.params.userId, request.body, request.id);
      return managedUser(app.db, actor, request.params.userId);
    },
  );

  app.post(
    '/api/v3/user/:userId/unlock',
    {
      config: ADMINS,
      schema: {
        operationId: 'unlockUser',
        tags: ['users'],
        summary: "Lifts a user's lockout after too many wrong passwords or codes",
        params: userParams,
        response: { 200: ZUnlockUserResponse, ...errors },
      },
    },
    async (request) => {
      const actor = principalOf(request);
      await unlockUser(app.db, actor, request.params.userId, request.id);
      return managedUser(app.db, actor, request.params.userId);
    },
  );

  app.delete(
    '/api/v2/users/:userId',
    {
      config: ADMINS,
      schema: {
        operationId: 'deleteUser',
        tags: ['users'],
        summary: 'Deletes a user entirely: every permission, access and their data (irreversible)',
        description:
          'Customer administrators may delete only users who hold no other accounts than theirs. 409 USER_NOT_DELETED ' +
          "('The user was not successfully deleted. Try again later.') when data elsewhere still needs the user.",
        params: userParams,
        response: { 204: z.undefined(), ...errors, 409: ZApiError },
      },
    },
    async (request, reply) => {
      await deleteUser(app.db, principalOf(request), request.params.userId, request.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/legacy/user',
    {
      config: { access: {} },
      schema: {
        operationId: 'getCurrentUserLegacy',
        tags: ['users'],
        summary: 'The signed-in user with customers and customerUserPermissions (older client)',
        response: { 200: ZGetCurrentUserLegacyResponse, 401: ZApiError },
      },
    },
    async (request) => {
      const user = await getCurrentUser(app.db, principalOf(request));
      if (!user) throw unauthenticated();
      return user;
    },
  );

  app.get(
    '/api/legacy/user/search',
    {
      config: PROVIDER_ADMINS,
      schema: {
        operationId: 'searchDirectoryLegacy',
        tags: ['users'],
        summary: 'Users as directory entries (older client)',
        querystring: ZSearchDirectoryLegacyRequest,
        response: { 200: ZSearchDirectoryLegacyResponse, 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => searchDirectory(app.db, request.query),
  );

  app.get(
    '/api/legacy/user/:userId',
    {
      config: ADMINS,
      schema: {
        operationId: 'getDirectoryUserLegacy',
        tags: ['users'],
        summary: 'One user as a directory entry (older client)',
        params: userParams,
        response: { 200: ZGetDirectoryUserLegacyResponse, ...errors },
      },
    },
    async (request) => {
      const user = await findUserForAdmin(app.db.$client, request.params.userId);
      if (!user || !canViewUser(principalOf(request), user.managed)) throw userNotFound();
      return (await findDirectoryUser(app.db, request.params.userId))!;
    },
  );

  app.put(
    '/api/legacy/user',
    {
      config: ADMINS,
      schema: {
        operationId: 'updateUserLegacy',
        tags: ['users'],
        summary: "Changes a user's name, enabled, roles and accounts (older client)",
        description:
          'Roles only add. Accounts are added directly only by provider administrators (others invite); the e-mail ' +
          'address must stay as it is (it changes through POST /api/administration/update-email).',
        body: ZUpdateUserLegacyRequest,
        response: { 200: ZUpdateUserLegacyResponse, ...errors, 409: ZApiError },
      },
    },
    async (request) => {
      await updateUserLegacy(app.db, principalOf(request), request.body, request.id);
      return (await findDirectoryUser(app.db, request.body.objectId))!;
    },
  );

  app.put(
    '/api/legacy/user/:userId/permission',
    {
      config: ADMINS,
      schema: {
        operationId: 'setUserPermissionLegacy',
        tags: ['users'],
        summary: "Replaces a user's permissions on one account (older client)",
        params: userParams,
        body: ZSetUserPermissionLegacyRequest,
        response: { 200: ZSetUserPermissionLegacyResponse, ...errors },
      },
    },
    async (request) => {
      const actor = principalOf(request);
      const { customerId, permissionIds } = request.body;
      await setAccountPermissions(
        app.db,
        actor,
        { customerId, userId: request.params.userId },
        permissionIds,
        request.id,
      );
      return managedUser(app.db, actor, request.params.userId);
    },
  );
};
