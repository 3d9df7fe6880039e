import type { Filter } from 'scim2-parse-filter';
import { invalidPath, invalidValue, scimBadRequest } from './scim-errors.ts';
import { parseScimFilter } from './scim-filter.ts';

/**
 * PATCH (RFC 7644 3.5.2) as directories really send it: `op` in any case (Entra ID writes
 * `Replace`, Okta `replace`), a path or none (Okta puts `{ "active": false }` in `value`), and
 * paths with a value filter such as `emails[type eq "work"].value` or `members[value eq "…"]`.
 */

export const PATCH_OP_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

export type PatchOp = 'add' | 'replace' | 'remove';

/** A parsed path: `attribute` and `subAttribute` lower case, `filter` the bracketed value filter. */
export type PatchPath = { attribute: string; filter?: Filter; subAttribute?: string };

export type PatchOperation = { op: PatchOp; path?: PatchPath; value?: unknown };

/** Operations in one request; Entra sends a handful, a group sync at most a few hundred members. */
const MAX_OPERATIONS = 1000;
const MAX_PATH_LENGTH = 500;

const SCHEMA_PREFIX = /^urn:ietf:params:scim:schemas:core:2\.0:(?:user|group):/i;
const PATH = /^([A-Za-z][\w$-]*)(?:\[(.+)\])?(?:\.([A-Za-z][\w$-]*))?$/s;

/** Parses `attr`, `attr.sub`, `attr[filter]` or `attr[filter].sub`; the core schema's URN may prefix it. */
export function parsePatchPath(raw: string): PatchPath {
  if (raw.length > MAX_PATH_LENGTH) throw invalidPath();
  const path = raw.trim().replace(SCHEMA_PREFIX, '');
  const match = PATH.exec(path);
  if (!match) throw invalidPath();
  const [, attribute, filter, subAttribute] = match;
  return {
    attribute: attribute!.toLowerCase(),
    ...(filter !== undefined ? { filter: parseFilterOfPath(filter) } : {}),
    ...(subAttribute !== undefined ? { subAttribute: subAttribute.toLowerCase() } : {}),
  };
}

function parseFilterOfPath(text: string): Filter {
  try {
    return parseScimFilter(text);
  } catch {
    throw invalidPath('The filter in the path is not valid.');
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks a PatchOp request body and answers its operations with ops in lower case and paths parsed. */
export function parsePatchRequest(body: unknown): PatchOperation[] {
  if (!isRecord(body)) throw scimBadRequest('invalidSyntax', 'The request body must be a PatchOp object.');
  const schemas = body.schemas;
  if (!Array.isArray(schemas) || !schemas.includes(PATCH_OP_SCHEMA))
    throw scimBadRequest('invalidSyntax', `The request must name the schema ${PATCH_OP_SCHEMA}.`);
  const operations = body.Operations ?? body.operations;
  if (!Array.isArray(operations) || operations.length === 0)
    throw scimBadRequest('invalidSyntax', 'The request has no Operations.');
  if (operations.length > MAX_OPERATIONS)
    throw scimBadRequest('tooMany', 'The request has too many operations.');
  for (const key of Object.keys(body))
    if (!['schemas', 'Operations', 'operations'].includes(key))
      throw scimBadRequest('invalidSyntax', 'The request has an attribute PatchOp does not have.');
  return operations.map((operation) => {
    if (!isRecord(operation)) throw scimBadRequest('invalidSyntax', 'An operation must be an object.');
    const op = typeof operation.op === 'string' ? operation.op.toLowerCase() : '';
    if (op !== 'add' && op !== 'replace' && op !== 'remove')
      throw scimBadRequest('invalidSyntax', 'An operation must be add, replace or remove.');
    for (const key of Object.keys(operation))
      if (!['op', 'path', 'value'].includes(key))
        throw scimBadRequest('invalidSyntax', 'An operation has an attribute PatchOp does not have.');
    if (operation.path !== undefined && typeof operation.path !== 'string') throw invalidPath();
    const path =
      typeof operation.path === 'string' && operation.path !== ''
        ? parsePatchPath(operation.path)
        : undefined;
    if (op === 'remove' && !path) throw scimBadRequest('noTarget', 'A remove operation needs a path.');
    if (op !== 'remove' && operation.value === undefined)
      throw invalidValue('An add or replace operation needs a value.');
    return {
      op,
      ...(path ? { path } : {}),
      ...(operation.value !== undefined ? { value: operation.value } : {}),
    };
  });
}

/**
 * A boolean as directories send it: JSON true/false, or Entra ID's strings "True" / "False"
 * (a documented quirk of its provisioning service).
 */
export function booleanOf(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const lower = value.trim().toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
  }
  throw invalidValue('The value must be true or false.');
}
