import { z } from 'zod';

/*
 * The building blocks of every request schema: what a string or an id may hold at all, decided
 * once here rather than per route. The API also refuses such text centrally before any schema.
 */

/** U+0000, or half of a UTF-16 surrogate pair: no person types them, and PostgreSQL stores neither. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasInvalidCharacters(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

export const INVALID_CHARACTERS_MESSAGE = 'This field contains characters that are not allowed.';

/** A string field of a request: any text a person can type, and nothing else. */
export const text = () =>
  z.string().refine((value) => !hasInvalidCharacters(value), {
    error: INVALID_CHARACTERS_MESSAGE,
    params: { code: 'invalidCharacters' },
  });

/** The largest value of PostgreSQL's `integer`, the type of the Hub's numeric ids. */
export const INT32_MAX = 2_147_483_647;

/** A numeric id in a request body: positive and within its `integer` column. */
export const ZInt32Id = z.number().int().min(1).max(INT32_MAX);

/**
 * Input quoted back in a message only where the spec demands it: letters, digits, spaces and
 * `.,+-_`, at most `max` characters, so no markup, nothing invisible and no terminal or log
 * control sequence travels back; anything else shows as `?`.
 */
export function quotable(value: unknown, max = 20): string {
  const characters = Array.from(String(value));
  const shown = characters
    .slice(0, max)
    .join('')
    .replace(/[^\p{L}\p{M}\p{N} .,+_-]/gu, '?');
  return characters.length > max ? `${shown}…` : shown;
}

/** Optional text: empty or missing becomes null; otherwise at most `max` characters once trimmed. */
export const optionalText = (max: number) =>
  text()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const GUID_MESSAGE = 'Incorrect GUID syntax';

/** An optional GUID such as the CRM mapping GUID (spec 5: 'Incorrect GUID syntax'). */
export const optionalGuid = () =>
  text()
    .trim()
    .nullish()
    .transform((value) => (value ? value.toLowerCase() : null))
    .refine((value) => value === null || GUID.test(value), {
      error: GUID_MESSAGE,
      params: { code: 'invalidGuid' },
    });

/** A page of a list: how many to skip and how many to take (query parameters). */
export const pageQuery = (defaultTake = 25, maxTake = 100) => ({
  take: z.coerce.number().int().min(1).max(maxTake).default(defaultTake),
  skip: z.coerce.number().int().min(0).max(INT32_MAX).default(0),
});

/** A page of results with the number of all matches (spec 7: `{ totalCount, result }`). */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ totalCount: z.number().int(), result: z.array(item) });
