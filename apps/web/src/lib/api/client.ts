import createClient, { type Middleware } from 'openapi-fetch';
import { REQUEST_ID_HEADER, type TApiError } from '@service-hub/contracts';
import { currentToken } from './auth-token';
import type { paths } from './schema';

/** A failed API call: the HTTP status and, when the server sent one, the shared error body. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: TApiError | undefined,
    readonly requestId: string | undefined,
  ) {
    super(body?.detail ?? `HTTP ${status}`);
    this.name = 'ApiRequestError';
  }
}

const authentication: Middleware = {
  async onRequest({ request }) {
    const token = await currentToken();
    if (token) request.headers.set('authorization', `Bearer ${token}`);
    request.headers.set(REQUEST_ID_HEADER, crypto.randomUUID());
    return request;
  },
};

/** The typed client generated from the server's OpenAPI document (`npm run api:client`). */
// `credentials: 'include'` lets the own auth service's session cookie reach /api/auth (spec 7).
export const api = createClient<paths>({
  baseUrl: globalThis.location?.origin ?? '',
  credentials: 'include',
});
api.use(authentication);

type Result<T> = { data?: T; error?: unknown; response: Response };

/** Resolves to the response body, or throws an ApiRequestError carrying the error body. */
export async function unwrap<T>(call: Promise<Result<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok && error === undefined) return data as T;
  const body = isApiError(error) ? error : undefined;
  throw new ApiRequestError(
    response.status,
    body,
    body?.requestId ?? response.headers.get(REQUEST_ID_HEADER) ?? undefined,
  );
}

function isApiError(value: unknown): value is TApiError {
  return typeof value === 'object' && value !== null && 'status' in value && 'requestId' in value;
}
