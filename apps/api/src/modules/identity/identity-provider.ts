import { createHmac } from 'node:crypto';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { REQUEST_ID_HEADER } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { clientError } from '../../lib/client-errors.ts';
import { announceSessionsEnded } from '../auth/session-events.ts';
import { getOrCreateSigningKey, SIGNING_ALGORITHM } from '../auth/signing-keys.repository.ts';
import { errorPage, languageOf, logoutPage } from './identity-pages.ts';
import { postgresOidcAdapter } from './oidc-adapter.ts';

export const IDP_PATH = '/idp';
const SCOPES = 'openid offline_access email profile';

export type IdentityProviderOptions = {
  db: Database;
  /** Absolute URL of the product, e.g. http://localhost:8080; the issuer is this plus /idp. */
  publicUrl: string;
  clientId: string;
  secureCookies: boolean;
};

export const issuerOf = (publicUrl: string) => `${publicUrl.replace(/\/$/, '')}${IDP_PATH}`;

/**
 * The built-in OpenID Connect provider (oidc-provider), used when no external one is configured:
 * its accounts are the Hub's users, its data lives in PostgreSQL and it signs ID tokens with the
 * key the API already trusts, so every instance can serve and verify them.
 */
export async function createIdentityProvider(options: IdentityProviderOptions): Promise<Provider> {
  const { db, publicUrl, clientId } = options;
  const signing = await getOrCreateSigningKey(db);
  const { rows } = await db.$client.query<{ private_jwk: Record<string, string> }>(
    'SELECT private_jwk FROM signing_keys WHERE kid = $1',
    [signing.kid],
  );
  const privateJwk = rows[0]!.private_jwk;
  // Cookie keys every instance derives alike from the shared signing key: no extra secret to store.
  const cookieKey = createHmac('sha256', privateJwk.d ?? '')
    .update('idp-cookies')
    .digest('base64url');
  const origin = publicUrl.replace(/\/$/, '');
  const redirectUris = [`${origin}/auth/callback`];
  // Browsers may read the provider's answers only on the pages of its clients, i.e. the Hub's own.
  const browserOrigins = new Set(redirectUris.map((uri) => new URL(uri).origin));

  const configuration: Configuration = {
    adapter: postgresOidcAdapter(db),
    clients: [
      {
        client_id: clientId,
        client_name: 'Service Hub',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: redirectUris,
        post_logout_redirect_uris: [`${origin}/`, `${origin}/auth/signed-out`],
        id_token_signed_response_alg: SIGNING_ALGORITHM,
        // The API asks for a recent sign-in before sensitive changes (e.g. the e-mail address).
        require_auth_time: true,
      },
    ],
    clientBasedCORS: (_ctx, requestOrigin) => browserOrigins.has(requestOrigin),
    jwks: { keys: [{ ...privateJwk, kid: signing.kid, alg: SIGNING_ALGORITHM, use: 'sig' }] },
    cookies: {
      keys: [cookieKey],
      long: { signed: true, secure: options.secureCookies, sameSite: 'lax' },
      short: { signed: true, secure: options.secureCookies, sameSite: 'lax' },
    },
    scopes: ['openid', 'offline_access', 'email', 'profile'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'locale'],
    },
    // ID tokens carry the claims: the API reads the e-mail from them.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    rotateRefreshToken: true,
    // oidc-provider keeps offline_access only with prompt=consent, which a first-party app without
    // a consent screen never sends. Its refresh tokens are issued anyway; bound to the provider
    // session, they end when the user signs out.
    issueRefreshToken: async (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') && code.scopes.has('openid'),
    ttl: {
      AccessToken: 15 * 60,
      IdToken: 15 * 60,
      AuthorizationCode: 60,
      Interaction: 60 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: 30 * 24 * 60 * 60,
      RefreshToken: 30 * 24 * 60 * 60,
    },
    interactions: { url: (_ctx, interaction) => `${IDP_PATH}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(languageOf(ctx.get('accept-language')), form);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.redirect(`${origin}/`);
        },
      },
    },
    // The Hub is the only client and first-party: no consent screen, the grant covers its scopes.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const session = ctx.oidc.session;
      const client = ctx.oidc.client;
      if (!session?.accountId || !client) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(SCOPES);
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, id) => {
      const { rows: users } = await db.$client.query<{
        id: string;
        email: string;
        email_verified: boolean;
        first_name: string;
        last_name: string;
        display_name: string;
        language: string;
      }>(
        'SELECT id, email, email_verified, first_name, last_name, display_name, language FROM users WHERE id = $1 AND enabled',
        [id],
      );
      const user = users[0];
      if (!user) return undefined;
      return {
        accountId: user.id,
        claims: () => ({
          sub: user.id,
          email: user.email,
          email_verified: user.email_verified,
          name: user.display_name,
          given_name: user.first_name,
          family_name: user.last_name,
          locale: user.language,
        }),
      };
    },
    renderError: (ctx) => {
      ctx.type = 'html';
      ctx.body = errorPage(languageOf(ctx.get('accept-language')));
    },
  };

  const provider = new Provider(issuerOf(publicUrl), configuration);
  // Koa takes the protocol (and so whether cookies may be secure) from X-Forwarded-Proto only in
  // proxy mode; identity.routes sets that header, and the host, from PUBLIC_URL on every request.
  provider.proxy = true;
  // oidc-provider answers any Origin on its open endpoints (discovery, JWKS) and on preflights.
  provider.use(async (ctx, next) => {
    await next();
    if (browserOrigins.has(ctx.get('origin'))) return;
    for (const name of Object.keys(ctx.response.headers)) {
      if (name.startsWith('access-control-')) ctx.remove(name);
    }
  });
  // A path oidc-provider has no route for gets the Hub's error shape rather than Koa's plain text.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.status !== 404 || ctx.body != null) return;
    ctx.body = { ...clientError(404), requestId: ctx.response.get(REQUEST_ID_HEADER) };
    ctx.status = 404;
    ctx.type = 'application/json; charset=utf-8';
  });
  // ID tokens name their provider session (`sid`, which oidc-provider otherwise adds only for
  // back-channel logout clients), so the API accepts one only while that session lives.
  provider.Client.prototype.includeSid = () => true;
  // Streams of the signed-out session close at once on every instance; should the announcement
  // fail, each stream's periodic check still closes them.
  provider.on('end_session.success', (ctx: KoaContextWithOIDC) => {
    const accountId = ctx.oidc.session?.accountId;
    if (accountId) void announceSessionsEnded(db.$client, accountId).catch(() => undefined);
  });
  return provider;
}
