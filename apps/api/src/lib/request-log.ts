import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry credentials: e-mailed link tokens, OAuth codes, tokens and token
 * hints, PKCE verifiers (not their public challenge). Matched by name so a new `…_token`
 * parameter is covered from the start.
 */
const SECRET_PARAMETER = /token|code(?!_challenge)|secret|password|verifier|hint|key|ticket/i;
/** Paths that end in an e-mailed link token. */
const SECRET_SEGMENT = /^(\/api\/auth\/invitations\/)(?!accept(?:\/|$))[^/]+/;
const REDACTED = 'REDACTED';

/** The URL as it may be logged: secret query values and path segments replaced. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = (queryStart === -1 ? url : url.slice(0, queryStart)).replace(SECRET_SEGMENT, `$1${REDACTED}`);
  if (queryStart === -1) return path;
  const query = new URLSearchParams(url.slice(queryStart + 1));
  for (const name of new Set(query.keys())) {
    if (SECRET_PARAMETER.test(name)) query.set(name, REDACTED);
  }
  return `${path}?${query}`;
}

/**
 * Fastify's request serializer, with the URL redacted. Headers and bodies are never logged: they
 * hold passwords, codes and cookies.
 */
export const requestLogSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};
