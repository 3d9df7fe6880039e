// Plain values the browser needs at start-up live apart from the zod schemas, so the first page
// load does not carry zod (the package is free of side effects: unused modules are left out).
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * The page the hidden silent-renewal iframe returns to: the one page of the Hub that may be
 * framed, and only by the Hub itself.
 */
export const SILENT_RENEW_PATH = '/auth/silent-callback';
