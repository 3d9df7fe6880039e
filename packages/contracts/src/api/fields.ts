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
