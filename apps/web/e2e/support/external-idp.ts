import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Account, type KoaContextWithOIDC } from 'oidc-provider';
import type { BrowserContext, Page } from 'playwright-core';
import { freePort } from '../../../api/src/db/embedded-postgres.ts';

/**
 * The stand-in provider's people, by the login typed on its sign-in form, which its development
 * sign-in page makes the subject (`sub`) of their tokens.
 */
export const EXTERNAL_ACCOUNTS = {
  /** A Hub user (user@example.com) with an address the provider verified. */
  ulla: { email: 'User@Example.com', email_verified: true, name: 'Ulla Sand' },
  /** Someone the Hub has never heard of. */
  stranger: { email: 'stranger@example.org', email_verified: true, name: 'Stig Stranger' },
  /** Claims a Hub administrator's address that the provider never verified. */
  mallory: { email: 'admin@example.com', email_verified: false, name: 'Mallory' },
} as const;
export type ExternalLogin = keyof typeof EXTERNAL_ACCOUNTS;

export const EXTERNAL_CLIENT_ID = 'hub-web';
/** Short, so that renewal over several lifetimes fits in a test. */
export const TOKEN_LIFETIME_SECONDS = 15;

export type ExternalIdp = {
  issuer: string;
  /** What the provider did, for asserting that renewal never revoked a grant. */
  events: { refreshed: number; grantErrors: string[]; grantsRevoked: number; tokenRequests: string[] };
  /** Starts answering, for the Hub at `hubUrl` as its only client. */
  start: (hubUrl: string) => Promise<void>;
  /** Stops answering: the provider is unreachable from then on. */
  stop: () => Promise<void>;
  /** For a provider that reports nothing itself: records its events from a browser context. */
  watch?: (context: BrowserContext) => void;
};

/**
 * A customer's own OpenID Connect provider as the Hub meets it in the field: a separate,
 * standard `oidc-provider` on its own origin, with its out-of-the-box sign-in and consent pages.
 * Claims come only with their scopes; refresh tokens only for `offline_access`, which needs the
 * user's consent; ID tokens are RS256 and short-lived. Like Entra ID, Keycloak and Okta it puts
 * the scopes' claims into the ID token (oidc-provider alone leaves them to userinfo by default).
 * Its address is fixed before the Hub starts, so that the Hub can be configured with it.
 */
export async function externalIdp({ host = 'localhost' } = {}): Promise<ExternalIdp> {
  const port = await freePort();
  // By default a different site from the Hub at 127.0.0.1, as a real provider is.
  const issuer = `http://${host}:${port}`;
  const events: ExternalIdp['events'] = {
    refreshed: 0,
    grantErrors: [],
    grantsRevoked: 0,
    tokenRequests: [],
  };
  let server: Server | undefined;

  const start = async (hubUrl: string) => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: EXTERNAL_CLIENT_ID,
          token_endpoint_auth_method: 'none',
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          redirect_uris: [`${hubUrl}/auth/callback`, `${hubUrl}/auth/silent-callback`],
          post_logout_redirect_uris: [`${hubUrl}/auth/signed-out`],
        },
      ],
      jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'rs-1', alg: 'RS256', use: 'sig' }] },
      cookies: { keys: ['external-idp-test-cookie-key'] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      conformIdTokenClaims: false,
      findAccount: async (_ctx: KoaContextWithOIDC, id: string): Promise<Account | undefined> => {
        const account = EXTERNAL_ACCOUNTS[id as ExternalLogin];
        return account && { accountId: id, claims: () => ({ sub: id, ...account }) };
      },
      ttl: {
        IdToken: TOKEN_LIFETIME_SECONDS,
        AccessToken: TOKEN_LIFETIME_SECONDS,
        AuthorizationCode: 60,
        RefreshToken: 24 * 60 * 60,
        Grant: 24 * 60 * 60,
        Session: 24 * 60 * 60,
        Interaction: 60 * 60,
      },
      features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    });
    provider.on('grant.success', (ctx: KoaContextWithOIDC) => {
      if (ctx.oidc.params?.grant_type === 'refresh_token') events.refreshed += 1;
    });
    provider.on('grant.error', (_ctx: KoaContextWithOIDC, error: Error) => {
      events.grantErrors.push(error.message);
    });
    provider.on('grant.revoked', () => {
      events.grantsRevoked += 1;
    });
    // Which refresh token each token request presented and what it got: the story behind a
    // revoked grant, should a test ever see one.
    const lastCharacters = (token: unknown) => (typeof token === 'string' ? `…${token.slice(-6)}` : '-');
    provider.use(async (ctx, next) => {
      await next();
      if (ctx.path !== '/token') return;
      const { params } = (ctx as unknown as KoaContextWithOIDC).oidc ?? {};
      const body = ctx.body as
        { refresh_token?: string; error?: string; error_description?: string } | undefined;
      events.tokenRequests.push(
        `${new Date().toISOString().slice(11, 23)} ${String(params?.grant_type)} ${lastCharacters(params?.refresh_token)}` +
          ` → ${ctx.status} ${body?.error ? `${body.error}: ${body.error_description}` : lastCharacters(body?.refresh_token)}`,
      );
    });
    server = createServer(provider.callback());
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
  };

  const stop = async () => {
    const running = server;
    server = undefined;
    if (!running) return;
    running.closeAllConnections();
    await new Promise<void>((resolve) => running.close(() => resolve()));
  };

  return { issuer, events, start, stop };
}

/**
 * Signs in on the provider's own pages like a person would: its login form (any password), then
 * its consent page when the Hub asks for something not yet consented to (offline access).
 */
export async function signInAtExternalIdp(page: Page, idp: ExternalIdp, login: ExternalLogin) {
  await page.waitForURL((url) => url.origin === idp.issuer && url.pathname.startsWith('/interaction/'));
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  const consent = page.getByRole('button', { name: 'Continue' });
  const leaves = () => page.waitForURL((url) => url.origin !== idp.issuer);
  await Promise.race([consent.waitFor().catch(() => undefined), leaves().catch(() => undefined)]);
  if (await consent.isVisible()) await consent.click();
  await leaves();
}

/** The provider's pages load a web font; this machine has no network beyond localhost. */
export async function withoutWebFonts(page: Page) {
  await page.context().route('https://fonts.googleapis.com/**', (route) => route.abort());
}

/** Every API call of a browser context: which token it carried, when, and what it got back. */
export function recordApiCalls(context: BrowserContext, hub: { baseUrl: string }) {
  const calls: { path: string; token?: string; sentAt: number; status?: number }[] = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== hub.baseUrl || !url.pathname.startsWith('/api/')) return;
    const token = /^Bearer (.+)$/.exec(request.headers().authorization ?? '')?.[1];
    const call = { path: url.pathname, token, sentAt: Date.now() / 1000 };
    calls.push(call);
    void request
      .response()
      .then((response) => Object.assign(call, { status: response?.status() }))
      .catch(() => undefined);
  });
  return calls;
}
