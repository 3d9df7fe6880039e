import { LANGUAGES, type Language } from '@service-hub/contracts';
import { ScimError } from './scim-errors.ts';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const ENTERPRISE_USER_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

/** A weak ETag from the resource's version (RFC 7644 3.14). */
export const etagOf = (version: number) => `W/"${version}"`;

export type Meta = {
  resourceType: 'User' | 'Group';
  created: Date;
  modified: Date;
  version: number;
  location: string;
};

export const metaOf = (meta: Meta) => ({
  resourceType: meta.resourceType,
  created: meta.created.toISOString(),
  lastModified: meta.modified.toISOString(),
  location: meta.location,
  version: etagOf(meta.version),
});

/**
 * The Hub's five languages from a directory's `preferredLanguage` or `locale` (`sv-SE`, `nb-NO`,
 * `fi`…); anything else gets the default.
 */
export function languageOf(...tags: (string | null | undefined)[]): Language {
  for (const tag of tags) {
    const primary = tag
      ?.trim()
      .toLowerCase()
      .split(/[-_,;]/)[0];
    if (!primary) continue;
    if (primary === 'nb' || primary === 'nn' || primary === 'no') return 'no';
    if (primary === 'en') return 'en-SE';
    const found = LANGUAGES.find((language) => language === primary);
    if (found) return found;
  }
  return 'en-SE';
}

/**
 * `attributes` / `excludedAttributes` (RFC 7644 3.9) on top-level attributes: `id`, `schemas` and
 * `meta` always stay; `name.givenName` keeps `name`.
 */
export function project<T extends Record<string, unknown>>(
  resource: T,
  attributes: string | undefined,
  excluded: string | undefined,
): Partial<T> {
  const names = (list: string) =>
    list
      .split(',')
      .map((name) => name.trim().replace(/^urn:ietf:params:scim:schemas:core:2\.0:(?:user|group):/i, ''))
      .filter(Boolean)
      .map((name) => name.split('.')[0]!.toLowerCase());
  const always = new Set(['id', 'schemas', 'meta']);
  const keep = attributes ? new Set(names(attributes)) : undefined;
  const drop = excluded ? new Set(names(excluded)) : new Set<string>();
  return Object.fromEntries(
    Object.entries(resource).filter(([key]) => {
      const lower = key.toLowerCase();
      if (always.has(lower)) return true;
      if (keep) return keep.has(lower);
      return !drop.has(lower);
    }),
  ) as Partial<T>;
}

/** `startIndex` and `count` (RFC 7644 3.4.2.4): 1-based; below 1 counts as 1, a negative count as 0. */
export function pageOf(query: { startIndex?: string; count?: string }, maxResults: number) {
  const number = (value: string | undefined, name: string) => {
    if (value === undefined || value === '') return undefined;
    if (!/^-?\d{1,9}$/.test(value))
      throw new ScimError(400, `${name} must be a whole number.`, 'invalidValue');
    return Number(value);
  };
  const startIndex = Math.max(1, number(query.startIndex, 'startIndex') ?? 1);
  const count = Math.min(maxResults, Math.max(0, number(query.count, 'count') ?? maxResults));
  return { startIndex, count };
}

export const listResponse = (resources: unknown[], total: number, startIndex: number) => ({
  schemas: [LIST_SCHEMA],
  totalResults: total,
  itemsPerPage: resources.length,
  startIndex,
  Resources: resources,
});
