import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import type { TCurrentUser, TRuntimeConfig } from '@service-hub/contracts';
import { App } from '../app/app';
import { appRoutes } from '../app/router';
import { userToken } from '../lib/api/auth-token';
import { removeAllToasts } from '../lib/feedback/toasts';
import { initI18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { initAuthSession } from '../lib/session/auth-session';
import { successStatus } from './api-contract';
import { contractChecked } from './contract-stub';
import { answerFetch } from './setup-dom';

/**
 * Answers of the stubbed API by "METHOD /path" (no query); a function gets the request. A value is
 * sent as JSON with the operation's success status (201 for a creation), `undefined` as no content
 * (204), a `Response` as it is. Requests and answers are held to apps/api/openapi.json
 * (contract-stub.ts).
 */
export type ApiStubs = Record<string, unknown | ((request: Request) => unknown)>;

const config: TRuntimeConfig = {
  appName: 'Service Hub',
  environment: 'Test',
  buildId: 'test',
  useAuthService: 1,
  oidc: {
    authority: 'http://localhost/idp',
    clientId: 'service-hub-web',
    scope: 'openid offline_access',
    prompt: null,
    provider: 'built-in',
    tokenType: 'id_token',
    iframeRenewal: false,
  },
  externalServices: {},
  tagManager: 'none',
  tagManagerScript: null,
  sessionIdleMinutes: 0,
  publicUrl: 'https://hub.example.com',
};

/** A token the web app accepts as unexpired (it only reads the expiry; the stubbed API checks nothing). */
const signedInToken = () =>
  ['{"alg":"none"}', JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }), '']
    .map((part) => btoa(part).replace(/=+$/, ''))
    .join('.');

/** What the API says to a caller without a valid token. */
const unauthorized = () =>
  Response.json(
    {
      status: 401,
      title: 'Unauthorized',
      detail: 'Sign in',
      errorCode: 'UNAUTHENTICATED',
      requestId: 'test',
    },
    { status: 401 },
  );

/**
 * The whole web app at `path` through the real route table, guard and frame, signed in as `user`
 * (own-auth flow; `null`: nobody is signed in), with the API answered from `api` (and
 * `GET /api/v3/user` from `user`, the bell and the sidebar's alert count empty). Unstubbed calls answer 404 in the API's error shape. A request
 * or an answer off the API contract fails the test.
 * Query the result by role and name.
 */
export async function renderRoute(path: string, user: TCurrentUser | null, api: ApiStubs = {}) {
  localStorage.setItem('language', 'en-SE');
  if (user) userToken.set(signedInToken());
  else userToken.clear();
  const stubs: ApiStubs = {
    'GET /api/v3/user': user ?? unauthorized,
    'GET /api/notifications': { notifications: [], newCount: 0 },
    // The sidebar's open alert count, on every page that shows the Alerts entry.
    'GET /api/alerts/open-count': { open: 0 },
    ...api,
  };
  answerFetch(
    contractChecked(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request =
        input instanceof Request ? input : new Request(new URL(String(input), location.origin), init);
      const url = new URL(request.url);
      const stub = stubs[`${request.method} ${url.pathname}`];
      if (stub === undefined) {
        return Response.json(
          { status: 404, title: 'Not Found', detail: 'No stub', errorCode: 'NOT_FOUND', requestId: 'test' },
          { status: 404 },
        );
      }
      const body = typeof stub === 'function' ? await (stub as (r: Request) => unknown)(request) : stub;
      if (body instanceof Response) return body;
      const status = successStatus(request.method, url.pathname);
      if (body === undefined) return new Response(null, { status });
      // A body cannot go with 204: sent as 200, it meets the contract check, which names the status.
      return Response.json(body, { status: status === 204 ? 200 : status });
    }),
  );
  queryClient.clear();
  // A warning toast stays until closed: one left by an earlier file of the worker would be the
  // first alert of this test.
  removeAllToasts();
  const i18n = await initI18n();
  initAuthSession(config);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const rendered = render(<App config={config} i18n={i18n} appRouter={router} />);
  return { ...rendered, router };
}
