import { z } from 'zod';
import type { PermissionPrefix } from '../vocabularies.ts';
import { API_KEY_SCOPES, type ApiKeyScope } from './events.ts';
import { text } from './fields.ts';

/*
 * Account API keys (issue 22): a customer administrator's keys for the account's own systems (ERP,
 * data warehouse), which read the account's track and trace and/or EDI tracking through the same
 * endpoints as the web app. Not the ingestion API's keys (`api/ingest.ts`): those write data for
 * many customers; these only read one account's.
 */

/** The prefix every account key starts with, so people and secret scanners can recognise one. */
export const ACCOUNT_API_KEY_PREFIX = 'shr_';

/** The service an account key's scope reads; the account itself must still hold it (spec 6). */
export const API_KEY_SCOPE_SERVICES: Record<ApiKeyScope, PermissionPrefix> = {
  'tracking:read': 'STT',
  'ediTracking:read': 'ETS',
};

/**
 * The rate-limit answer headers of a request made with an account key (IETF draft
 * draft-ietf-httpapi-ratelimit-headers): the budget of the window, what is left of it, and the
 * whole seconds until it starts afresh.
 */
export const RATE_LIMIT_HEADERS = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'] as const;

export const ZApiKeyScope = z.enum(API_KEY_SCOPES);

export const ZAccountApiKeyIdParam = z.string().uuid().describe('The id of an account API key');

export const ZAccountApiKey = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    keyPrefix: z.string().describe('The first characters of the key, to tell keys apart'),
    scopes: z.array(ZApiKeyScope),
    created: z.string(),
    createdBy: z.string().nullable().describe('The name of who created it (null once they are deleted)'),
    lastUsedAt: z.string().nullable().describe('Last accepted call, to the minute'),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: 'AccountApiKey' });
export type TAccountApiKey = z.infer<typeof ZAccountApiKey>;

export const ZListAccountApiKeysResponse = z.array(ZAccountApiKey);
export type TListAccountApiKeysResponse = z.infer<typeof ZListAccountApiKeysResponse>;

export const ZCreateAccountApiKeyRequest = z
  .object({
    name: text().trim().min(1).max(100).describe('What the key is for, e.g. the system that uses it'),
    scopes: z
      .array(ZApiKeyScope)
      .min(1)
      .max(API_KEY_SCOPES.length)
      .refine((scopes) => new Set(scopes).size === scopes.length, {
        error: 'Each scope at most once.',
        params: { code: 'invalidValue' },
      })
      .describe('What the key may read: track and trace, EDI tracking, or both'),
  })
  .strict();
export type TCreateAccountApiKeyRequest = z.input<typeof ZCreateAccountApiKeyRequest>;

export const ZCreateAccountApiKeyResponse = ZAccountApiKey.extend({
  key: z.string().describe('The key itself: shown this once, only its hash is kept'),
}).meta({ id: 'CreatedAccountApiKey' });
export type TCreateAccountApiKeyResponse = z.infer<typeof ZCreateAccountApiKeyResponse>;
