/** Node's network errors that mean PostgreSQL cannot be reached at the moment. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away, starting, full or overloaded: `08…` connection
 * exceptions, admin or crash shutdown, "cannot connect now", too many connections, and a statement
 * cancelled by the statement timeout.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/** node-postgres says these in words only (no code). */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Query read timeout',
  'Cannot use a pool after calling end',
];

/**
 * True when an error means the database is unreachable or refusing work for now, rather than a
 * fault of the request or the code: the API then answers 503 and the client may try again.
 * Drizzle wraps driver errors, so the causes are searched too.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08')) return true;
    }
    if (typeof message === 'string' && DRIVER_MESSAGES.some((m) => message.includes(m))) return true;
    current = cause;
  }
  return false;
}
