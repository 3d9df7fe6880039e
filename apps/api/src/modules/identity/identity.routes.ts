import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import { z } from 'zod';
import {
  text,
  ZApiError,
  ZGetSignInInteractionResponse,
  ZSubmitSignInPasswordRequest,
  ZSubmitSignInPasswordResponse,
  ZSubmitSignInMfaCodeRequest,
  ZSubmitSignInMfaCodeResponse,
  ZAbortSignInResponse,
  ZStartSignInPasskeyRequest,
  ZStartSignInPasskeyResponse,
  ZSubmitSignInPasskeyRequest,
  ZSubmitSignInPasskeyResponse,
} from '@service-hub/contracts';
import { AppError, noRoute, unauthenticated } from '../../lib/errors.ts';
import { checkPassword } from '../auth/auth.service.ts';
import { requiredMfaMethod, startMfaChallenge, verifyMfaChallenge } from '../auth/mfa.service.ts';
import { startPasskeySignIn, verifyPasskey } from '../passkeys/passkey-authentication.service.ts';
import { relyingPartyOf } from '../passkeys/relying-party.ts';
import { createIdentityProvider, IDP_PATH, type IdentityProviderOptions } from './identity-provider.ts';

const interactionExpired = () =>
  new AppError(410, 'LINK_EXPIRED', 'Gone', 'This sign-in has expired. Start again from Service Hub.');

const ZUid = z.object({ uid: text().min(1).max(100) });

/**
 * The built-in identity provider at /idp: the protocol endpoints belong to oidc-provider; the
 * sign-in interaction (password, then second factor) is a page of the web app that talks to the
 * JSON endpoints below. Their paths stay under /idp/interaction/{uid} because the provider's
 * interaction cookie is scoped to that path.
 */
export const identityProviderRoutes: FastifyPluginAsyncZod<Omit<IdentityProviderOptions, 'db'>> = async (
  app,
  options,
) => {
  let provider: Promise<Provider> | undefined;
  const getProvider = () => {
    provider ??= createIdentityProvider({ ...options, db: app.db }).catch((error: unknown) => {
      provider = undefined;
      throw error;
    });
    return provider;
  };

  // oidc-provider builds every absolute URL (discovery, redirects, the logout form) from the
  // request's protocol and host. Those headers are the client's to forge, so the provider always
  // sees the request as addressed to PUBLIC_URL.
  const publicUrl = new URL(options.publicUrl);
  app.addHook('onRequest', async (request) => {
    const headers = request.raw.headers;
    headers.host = publicUrl.host;
    headers['x-forwarded-host'] = publicUrl.host;
    headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);
  });

  await app.register(async (protocol: FastifyInstance) => {
    // oidc-provider reads request bodies itself: leave them unread.
    protocol.removeAllContentTypeParsers();
    protocol.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const oidc = await getProvider();
      // The provider writes to the raw response: carry over what the hooks set (request id, no-store).
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url?.slice(IDP_PATH.length) || '/';
      await oidc.callback()(raw, reply.raw as ServerResponse);
    };
    for (const url of [IDP_PATH, `${IDP_PATH}/*`]) {
      protocol.route({
        method: ['GET', 'POST', 'HEAD', 'OPTIONS', 'DELETE'],
        url,
        config: { access: 'public' },
        schema: { hide: true },
        handler,
      });
    }
  });

  const details = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return await (await getProvider()).interactionDetails(request.raw, reply.raw);
    } catch {
      throw interactionExpired();
    }
  };
  /** The browser's interaction, which must be the one the page's address names. */
  const interactionAt = async (request: FastifyRequest, reply: FastifyReply, uid: string) => {
    const interaction = await details(request, reply);
    if (interaction.uid !== uid) throw interactionExpired();
    return interaction;
  };
  const finish = async (request: FastifyRequest, reply: FastifyReply, result: InteractionResults) => {
    const redirectTo = await (
      await getProvider()
    ).interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
    return { redirectTo };
  };

  // Interaction paths that no route below takes, such as a uid longer than a route parameter may
  // be: the router would otherwise fall back to oidc-provider, which answers them in plain text.
  app.all(`${IDP_PATH}/interaction/*`, { config: { access: 'public' }, schema: { hide: true } }, async () => {
    throw interactionExpired();
  });

  app.get(
    `${IDP_PATH}/interaction/:uid`,
    { config: { access: 'public' }, schema: { hide: true, params: ZUid } },
    async (request, reply) => {
      // The sign-in page is a screen of the web app (absent only when the web app is not built).
      if (typeof reply.sendFile !== 'function') throw noRoute();
      return reply.header('cache-control', 'no-store').sendFile('index.html');
    },
  );

  app.get(
    `${IDP_PATH}/interaction/:uid/details`,
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getSignInInteraction',
        tags: ['identity provider'],
        summary: 'What the sign-in interaction asks for',
        params: ZUid,
        response: { 200: ZGetSignInInteractionResponse, 410: ZApiError },
      },
    },
    async (request, reply) => {
      const interaction = await interactionAt(request, reply, request.params.uid);
      const hint = interaction.params.login_hint;
      return { prompt: interaction.prompt.name, loginHint: typeof hint === 'string' ? hint : null };
    },
  );

  app.post(
    `${IDP_PATH}/interaction/:uid/login`,
    {
      config: { access: 'public' },
      schema: {
        operationId: 'submitSignInPassword',
        tags: ['identity provider'],
        summary: 'Password step of the sign-in: where to go next, or the second factor to give',
        params: ZUid,
        body: ZSubmitSignInPasswordRequest,
        response: {
          200: ZSubmitSignInPasswordResponse,
          400: ZApiError,
          401: ZApiError,
          410: ZApiError,
          429: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const interaction = await interactionAt(request, reply, request.params.uid);
      const user = await checkPassword(app.db, request.body, request.ip);
      const method = await requiredMfaMethod(app.db.$client, user.id);
      if (method) {
        const { challenge, outboxIds } = await startMfaChallenge(app.db, user, method, {
          flow: 'oidc',
          interactionUid: interaction.uid,
        });
        await app.deliverEmails(outboxIds);
        return challenge;
      }
      return finish(request, reply, { login: { accountId: user.id, amr: ['pwd'] } });
    },
  );

  app.post(
    `${IDP_PATH}/interaction/:uid/mfa`,
    {
      config: { access: 'public' },
      schema: {
        operationId: 'submitSignInMfaCode',
        tags: ['identity provider'],
        summary: 'Second-factor step of the sign-in',
        params: ZUid,
        body: ZSubmitSignInMfaCodeRequest,
        response: {
          200: ZSubmitSignInMfaCodeResponse,
          400: ZApiError,
          401: ZApiError,
          410: ZApiError,
          429: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const interaction = await details(request, reply);
      const { userId, context } = await verifyMfaChallenge(
        app.db,
        request.body.challengeId,
        request.body.code,
        app.deliverEmails,
      );
      if (context.flow !== 'oidc' || context.interactionUid !== interaction.uid) throw unauthenticated();
      return finish(request, reply, { login: { accountId: userId, amr: ['pwd', 'mfa'] } });
    },
  );

  const rp = relyingPartyOf(options.publicUrl);

  app.post(
    `${IDP_PATH}/interaction/:uid/passkey/options`,
    {
      config: { access: 'public' },
      schema: {
        operationId: 'startSignInPasskey',
        tags: ['identity provider'],
        summary: 'Starts the passkey step: alone, or in place of the code (with the MFA challenge id)',
        params: ZUid,
        body: ZStartSignInPasskeyRequest,
        response: {
          200: ZStartSignInPasskeyResponse,
          400: ZApiError,
          401: ZApiError,
          410: ZApiError,
          429: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const interaction = await interactionAt(request, reply, request.params.uid);
      return startPasskeySignIn(app.db, rp, request.body, { flow: 'oidc', interactionUid: interaction.uid });
    },
  );

  app.post(
    `${IDP_PATH}/interaction/:uid/passkey`,
    {
      config: { access: 'public' },
      schema: {
        operationId: 'submitSignInPasskey',
        tags: ['identity provider'],
        summary: 'Passkey step of the sign-in (alone or as the second factor): where to go next',
        params: ZUid,
        body: ZSubmitSignInPasskeyRequest,
        response: {
          200: ZSubmitSignInPasskeyResponse,
          400: ZApiError,
          401: ZApiError,
          410: ZApiError,
          429: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const interaction = await details(request, reply);
      const proof = await verifyPasskey(
        app.db,
        rp,
        request.body,
        { flow: 'oidc', interactionUid: interaction.uid },
        request.ip,
        app.deliverEmails,
      );
      // RFC 8176: proof of a key held in hardware; with the password, or verified by the device itself.
      const amr = proof.secondFactor ? ['pwd', 'hwk', 'mfa'] : ['hwk', 'user', 'mfa'];
      return finish(request, reply, { login: { accountId: proof.userId, amr } });
    },
  );

  app.post(
    `${IDP_PATH}/interaction/:uid/abort`,
    {
      config: { access: 'public' },
      schema: {
        operationId: 'abortSignIn',
        tags: ['identity provider'],
        summary: 'Cancels the sign-in; the application is told access was denied',
        params: ZUid,
        response: { 200: ZAbortSignInResponse, 410: ZApiError },
      },
    },
    async (request, reply) => {
      await details(request, reply);
      return finish(request, reply, {
        error: 'access_denied',
        error_description: 'The user cancelled the sign-in.',
      });
    },
  );
};
