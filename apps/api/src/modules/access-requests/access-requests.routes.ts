import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAccessRequestIdParam,
  ZAddEmailDomainRequest,
  ZAddEmailDomainResponse,
  ZApiError,
  ZApproveAccessRequestRequest,
  ZCreateAccessRequestRequest,
  ZCreateAccessRequestResponse,
  ZDeclineAccessRequestRequest,
  ZEmailDomainIdParam,
  ZListAccountAccessRequestsRequest,
  ZListAccountAccessRequestsResponse,
  ZListEmailDomainsResponse,
  ZListMyAccessRequestsResponse,
  ZRegisterRequest,
  ZRegisterResponse,
  ZUpdateEmailDomainRequest,
  ZUpdateEmailDomainResponse,
  ZVerifyEmailDomainRequest,
  ZVerifyEmailDomainResponse,
  ZVerifyRegistrationRequest,
  ZVerifyRegistrationResponse,
} from '@service-hub/contracts';
import { continueSignIn } from '../auth/auth.service.ts';
import { accountOf, principalOf } from '../auth/request-context.ts';
import { answerSignIn, sessionMetaOf } from '../auth/session-cookie.ts';
import {
  approveAccessRequest,
  declineAccessRequest,
  listRequestsOfAccount,
  type Deciding,
} from './access-decisions.service.ts';
import { createAccessRequest, listMyRequests, withdrawAccessRequest } from './access-requests.service.ts';
import {
  addEmailDomain,
  listEmailDomains,
  removeEmailDomain,
  updateEmailDomain,
  verifyEmailDomain,
} from './email-domains.service.ts';
import { register, verifyRegistration } from './registration.service.ts';

/** The account's administrators: its customer administrators and provider administrators. */
const ADMINS = {
  access: {
    roles: ['SF_ADMIN', 'CustomerAdministrator', 'ProviderAdministrator'] as const,
    account: {},
  },
};
const SIGNED_IN = { access: {} };
const PUBLIC = { access: 'public' as const };
// The existing sections of the API document: e-mailed links and sign-in under auth, a person's
// own requests under users, an account's requests and domains under customers.
const AUTH = ['auth'];
const OWN = ['users'];
const ACCOUNT = ['customers'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError };

const decidingOf = (request: FastifyRequest): Deciding => ({
  principal: principalOf(request),
  customerId: accountOf(request).id,
  permissions: accountOf(request).permissions,
  requestId: request.id,
});

/**
 * Registration with a verified e-mail address, access requests by customer number, the
 * administrators' decisions, and the account's verified e-mail domains (docs/access-requests.md).
 */
export const accessRequestsRoutes: FastifyPluginAsyncZod<{
  publicUrl: string;
  secureCookies: boolean;
  useAuthService: number;
}> = async (app, { publicUrl, secureCookies, useAuthService }) => {
  app.post(
    '/api/auth/registrations',
    {
      config: PUBLIC,
      schema: {
        operationId: 'register',
        tags: AUTH,
        summary: 'Creates an account for a person; a link to confirm the address follows by e-mail',
        description:
          'Answers 202 alike whether or not the address already has a user (that user is mailed a pointer to sign ' +
          'in instead), so it reveals nothing. Limited per e-mail address and per client address.',
        body: ZRegisterRequest,
        response: { 202: ZRegisterResponse, 400: ZApiError, 429: ZApiError },
      },
    },
    async (request, reply) => {
      const outboxIds = await register(app.db, request.body, request.ip, publicUrl);
      await app.deliverEmails(outboxIds);
      return reply.code(202).send({ status: 'checkYourEmail' as const });
    },
  );

  app.post(
    '/api/auth/registrations/verify',
    {
      config: PUBLIC,
      schema: {
        operationId: 'verifyRegistration',
        tags: AUTH,
        summary: 'Confirms the address of a registration with its link and password, and signs in',
        description:
          'With the own auth service the answer is a token (and the session cookie); with single sign-on the ' +
          'person signs in at the identity provider next. 410 when the link was used, replaced or expired.',
        body: ZVerifyRegistrationRequest,
        response: { 200: ZVerifyRegistrationResponse, 400: ZApiError, 410: ZApiError, 429: ZApiError },
      },
    },
    async (request, reply) => {
      const user = await verifyRegistration(app.db, request.body.token, request.body.password, request.id);
      if (useAuthService === 0) return { verified: true as const, email: user.email };
      const result = await continueSignIn(app.db, app.tokens, user, sessionMetaOf(request));
      return answerSignIn(app, reply, result, secureCookies);
    },
  );

  app.get(
    '/api/access-requests',
    {
      config: SIGNED_IN,
      schema: {
        operationId: 'listMyAccessRequests',
        tags: OWN,
        summary: "The signed-in person's own access requests and their state",
        response: { 200: ZListMyAccessRequestsResponse, 401: ZApiError },
      },
    },
    async (request) => ({ requests: await listMyRequests(app.db.$client, principalOf(request).userId) }),
  );

  app.post(
    '/api/access-requests',
    {
      config: SIGNED_IN,
      schema: {
        operationId: 'createAccessRequest',
        tags: OWN,
        summary: 'Asks to join an account by its customer number, with a message to its administrators',
        description:
          'The answer is the same whether or not an account has the number: the request waits for the ' +
          "account's administrators. A verified e-mail domain of the account with automatic approval approves " +
          'at once. At most 5 new requests a day (429), one pending per number (409).',
        body: ZCreateAccessRequestRequest,
        response: { 201: ZCreateAccessRequestResponse, 409: ZApiError, 429: ZApiError, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createAccessRequest(
        app.db,
        principalOf(request),
        request.body,
        publicUrl,
        request.id,
      );
      await app.deliverEmails(created.outboxIds);
      return reply.code(201).send(created.request);
    },
  );

  app.post(
    '/api/access-requests/:id/withdraw',
    {
      config: SIGNED_IN,
      schema: {
        operationId: 'withdrawAccessRequest',
        tags: OWN,
        summary: 'Withdraws one of the signed-in person’s pending requests',
        params: ZAccessRequestIdParam,
        response: { 204: z.undefined(), 404: ZApiError, 409: ZApiError, ...errors },
      },
    },
    async (request, reply) => {
      await withdrawAccessRequest(app.db, principalOf(request), request.params.id, request.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/account-access-requests',
    {
      config: ADMINS,
      schema: {
        operationId: 'listAccountAccessRequests',
        tags: ACCOUNT,
        summary: "The active account's pending or decided access requests, with what an approval may give",
        querystring: ZListAccountAccessRequestsRequest,
        response: { 200: ZListAccountAccessRequestsResponse, ...errors },
      },
    },
    async (request) => listRequestsOfAccount(app.db, decidingOf(request), request.query.state),
  );

  app.post(
    '/api/account-access-requests/:id/approve',
    {
      config: ADMINS,
      schema: {
        operationId: 'approveAccessRequest',
        tags: ACCOUNT,
        summary: 'Approves a request of the active account with a role and service permissions',
        description:
          'Only permissions the account has and the administrator can read themselves. 409 when another ' +
          'administrator decided first, or the person already holds the most accounts a user may.',
        params: ZAccessRequestIdParam,
        body: ZApproveAccessRequestRequest,
        response: { 204: z.undefined(), 404: ZApiError, 409: ZApiError, ...errors },
      },
    },
    async (request, reply) => {
      const outboxIds = await approveAccessRequest(
        app.db,
        decidingOf(request),
        request.params.id,
        request.body,
        publicUrl,
      );
      await app.deliverEmails(outboxIds);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/account-access-requests/:id/decline',
    {
      config: ADMINS,
      schema: {
        operationId: 'declineAccessRequest',
        tags: ACCOUNT,
        summary: 'Declines a request of the active account with a reason the person reads',
        params: ZAccessRequestIdParam,
        body: ZDeclineAccessRequestRequest,
        response: { 204: z.undefined(), 404: ZApiError, 409: ZApiError, ...errors },
      },
    },
    async (request, reply) => {
      const outboxIds = await declineAccessRequest(
        app.db,
        decidingOf(request),
        request.params.id,
        request.body.reason,
        publicUrl,
      );
      await app.deliverEmails(outboxIds);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/email-domains',
    {
      config: ADMINS,
      schema: {
        operationId: 'listEmailDomains',
        tags: ACCOUNT,
        summary: "The active account's e-mail domains and their automatic approval",
        response: { 200: ZListEmailDomainsResponse, ...errors },
      },
    },
    async (request) => ({ domains: await listEmailDomains(app.db, decidingOf(request)) }),
  );

  app.post(
    '/api/email-domains',
    {
      config: ADMINS,
      schema: {
        operationId: 'addEmailDomain',
        tags: ACCOUNT,
        summary:
          'Adds an e-mail domain of the active account and mails a confirmation link to an address there',
        description: 'Public mail services (gmail.com, outlook.com, …) are refused (400).',
        body: ZAddEmailDomainRequest,
        response: { 201: ZAddEmailDomainResponse, 409: ZApiError, ...errors },
      },
    },
    async (request, reply) => {
      const added = await addEmailDomain(app.db, decidingOf(request), request.body, publicUrl);
      await app.deliverEmails(added.outboxIds);
      return reply.code(201).send(added.domain);
    },
  );

  app.put(
    '/api/email-domains/:id',
    {
      config: ADMINS,
      schema: {
        operationId: 'updateEmailDomain',
        tags: ACCOUNT,
        summary: 'Switches automatic approval of a verified domain, with the role and permissions it gives',
        params: ZEmailDomainIdParam,
        body: ZUpdateEmailDomainRequest,
        response: { 200: ZUpdateEmailDomainResponse, 404: ZApiError, ...errors },
      },
    },
    async (request) => updateEmailDomain(app.db, decidingOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/email-domains/:id',
    {
      config: ADMINS,
      schema: {
        operationId: 'removeEmailDomain',
        tags: ACCOUNT,
        summary: 'Removes an e-mail domain of the active account; its automatic approval ends at once',
        params: ZEmailDomainIdParam,
        response: { 204: z.undefined(), 404: ZApiError, ...errors },
      },
    },
    async (request, reply) => {
      await removeEmailDomain(app.db, decidingOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/email-domains/verify',
    {
      config: PUBLIC,
      schema: {
        operationId: 'verifyEmailDomain',
        tags: AUTH,
        summary: 'Confirms an e-mail domain with the link mailed to an address at it',
        body: ZVerifyEmailDomainRequest,
        response: { 200: ZVerifyEmailDomainResponse, 400: ZApiError, 410: ZApiError, 429: ZApiError },
      },
    },
    async (request) => verifyEmailDomain(app.db, request.body.token, request.id),
  );
};
