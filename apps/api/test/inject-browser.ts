import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';

/** A browser over `app.inject`: keeps cookies by name, follows no redirect by itself. */
export class InjectBrowser {
  private readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    /** Sent with every request, e.g. forged Host or X-Forwarded-* headers. */
    private readonly headers: Record<string, string> = {},
  ) {}

  async request(options: InjectOptions & { url: string }) {
    const url = options.url.startsWith('http') ? new URL(options.url) : undefined;
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await this.app.inject({
      ...options,
      url: url ? `${url.pathname}${url.search}` : options.url,
      headers: { ...this.headers, ...(cookie ? { cookie } : {}), ...options.headers },
    });
    for (const { name, value } of response.cookies) this.cookies.set(name, value);
    return response;
  }
}

export type ProviderSignIn = {
  /** Where the interaction's password step sends the browser next. */
  redirectTo: string;
  /** The provider's redirect back to the Hub, with code and state. */
  callback: URL;
  code: string;
  verifier: string;
  tokens: { id_token: string; access_token: string; refresh_token?: string };
};

/** The built-in provider's authorization-code flow with PKCE, as the web app drives it. */
export async function signInAtProvider(
  browser: InjectBrowser,
  options: { publicUrl: string; email: string; password: string; clientId?: string },
): Promise<ProviderSignIn> {
  const clientId = options.clientId ?? 'service-hub-web';
  const redirectUri = `${options.publicUrl}/auth/callback`;
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid offline_access',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'state-1',
  });
  const authorize = await browser.request({ url: `/idp/auth?${query}` });
  if (authorize.statusCode !== 303) throw new Error(`authorize answered ${authorize.statusCode}`);
  const interaction = new URL(authorize.headers.location!, options.publicUrl).pathname;
  const login = await browser.request({
    method: 'POST',
    url: `${interaction}/login`,
    payload: { email: options.email, password: options.password },
  });
  const { redirectTo } = login.json<{ redirectTo: string }>();
  const resumed = await browser.request({ url: redirectTo });
  const callback = new URL(resumed.headers.location!);
  const code = callback.searchParams.get('code')!;
  const token = await browser.request({
    method: 'POST',
    url: '/idp/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: verifier,
    }).toString(),
  });
  if (token.statusCode !== 200) throw new Error(`token answered ${token.statusCode}: ${token.body}`);
  return { redirectTo, callback, code, verifier, tokens: token.json() };
}
