import { z } from 'zod';
import { normalizeEmail, type Language } from '@service-hub/contracts';
import { invalidPath, invalidValue, scimBadRequest } from './scim-errors.ts';
import { booleanOf, type PatchOperation } from './scim-patch.ts';
import { languageOf, USER_SCHEMA } from './scim-resources.ts';
import { filter as matches } from 'scim2-parse-filter';

/** What the Hub keeps of a directory's user. */
export type UserState = {
  userName: string;
  externalId: string | null;
  email: string;
  firstName: string;
  lastName: string;
  displayName: string;
  language: Language;
  active: boolean;
};

const NAME_MAX = 100;
const shortText = (max: number) => z.string().max(max);
const ZEmail = z.email().max(320);

/**
 * RFC 7643 core User attributes the Hub has no use for: accepted and ignored, so a directory that
 * sends them (Entra ID sends title and phone numbers by default) still syncs. `roles` is among
 * them on purpose: a directory never gives a Hub role (grants of groups do, docs/scim.md).
 */
const IGNORED = new Set([
  'id',
  'meta',
  'nickname',
  'profileurl',
  'title',
  'usertype',
  'timezone',
  'password',
  'phonenumbers',
  'ims',
  'photos',
  'addresses',
  'groups',
  'entitlements',
  'roles',
  'x509certificates',
]);
const KNOWN: Record<string, keyof typeof ZUserAttributes.shape> = {
  schemas: 'schemas',
  username: 'userName',
  externalid: 'externalId',
  name: 'name',
  displayname: 'displayName',
  emails: 'emails',
  active: 'active',
  preferredlanguage: 'preferredLanguage',
  locale: 'locale',
};

const ZEmailEntry = z
  .object({
    value: shortText(320),
    type: shortText(50).optional(),
    primary: z.union([z.boolean(), shortText(10)]).optional(),
    display: shortText(320).optional(),
  })
  .strict();

const ZUserAttributes = z
  .object({
    schemas: z.array(shortText(200)).max(10).optional(),
    userName: z.string().trim().min(1).max(256),
    externalId: shortText(256).nullable().optional(),
    name: z
      .object({
        givenName: shortText(NAME_MAX).nullable().optional(),
        familyName: shortText(NAME_MAX).nullable().optional(),
        formatted: shortText(NAME_MAX * 2 + 1)
          .nullable()
          .optional(),
        middleName: shortText(NAME_MAX).nullable().optional(),
        honorificPrefix: shortText(NAME_MAX).nullable().optional(),
        honorificSuffix: shortText(NAME_MAX).nullable().optional(),
      })
      .strict()
      .optional(),
    displayName: shortText(NAME_MAX * 2 + 1)
      .nullable()
      .optional(),
    emails: z.array(ZEmailEntry).max(20).optional(),
    active: z.union([z.boolean(), shortText(10)]).optional(),
    preferredLanguage: shortText(50).nullable().optional(),
    locale: shortText(50).nullable().optional(),
  })
  .strict();

/** Attribute names are case-insensitive (RFC 7643 2.1): keys renamed to the schema's spelling, extensions dropped. */
function canonicalKeys(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw scimBadRequest('invalidSyntax', 'The request body must be a User object.');
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const lower = key.toLowerCase();
    if (lower.startsWith('urn:ietf:params:scim:schemas:extension:') || IGNORED.has(lower)) continue;
    const known = KNOWN[lower];
    if (!known)
      throw scimBadRequest('invalidSyntax', 'The request has an attribute the User schema does not have.');
    out[known] = value;
  }
  return out;
}

/** The sign-in address: the primary e-mail, else the work one, else the first, else a userName that is one. */
function emailOf(attributes: z.infer<typeof ZUserAttributes>): string {
  const emails = attributes.emails ?? [];
  const chosen =
    emails.find((entry) => entry.primary === true || String(entry.primary).toLowerCase() === 'true') ??
    emails.find((entry) => entry.type?.toLowerCase() === 'work') ??
    emails[0];
  const candidate = chosen?.value ?? attributes.userName;
  const parsed = ZEmail.safeParse(candidate.trim());
  if (!parsed.success)
    throw invalidValue('The user needs an e-mail address (emails, or a userName that is one).');
  return normalizeEmail(parsed.data);
}

/** A User resource of a POST or PUT as the Hub keeps it; `active` defaults to true (RFC 7643). */
export function parseUserResource(body: unknown): UserState {
  const parsed = ZUserAttributes.safeParse(canonicalKeys(body));
  if (!parsed.success)
    throw invalidValue(
      `The value of ${parsed.error.issues[0]?.path.join('.') || 'an attribute'} is not valid.`,
    );
  const attributes = parsed.data;
  if (
    attributes.schemas &&
    !attributes.schemas.some((schema) => schema.toLowerCase() === USER_SCHEMA.toLowerCase())
  )
    throw scimBadRequest('invalidSyntax', `The request must name the schema ${USER_SCHEMA}.`);
  const firstName = attributes.name?.givenName?.trim() ?? '';
  const lastName = attributes.name?.familyName?.trim() ?? '';
  const displayName =
    attributes.displayName?.trim() ||
    attributes.name?.formatted?.trim() ||
    `${firstName} ${lastName}`.trim() ||
    attributes.userName;
  return {
    userName: attributes.userName,
    externalId: attributes.externalId ?? null,
    email: emailOf(attributes),
    firstName,
    lastName,
    displayName: displayName.slice(0, NAME_MAX * 2 + 1),
    language: languageOf(attributes.preferredLanguage, attributes.locale),
    active: attributes.active === undefined ? true : booleanOf(attributes.active),
  };
}

const stringValue = (value: unknown, max: number, allowEmpty = true): string => {
  if (typeof value !== 'string' || value.length > max || (!allowEmpty && value.trim() === ''))
    throw invalidValue('The value is not valid for this attribute.');
  return value.trim();
};

/** The one e-mail entry the Hub keeps, as filters in PATCH paths see it. */
const emailEntry = (state: UserState) => ({ value: state.email, type: 'work', primary: true });

function setEmail(state: UserState, value: unknown): UserState {
  const parsed = ZEmail.safeParse(typeof value === 'string' ? value.trim() : value);
  if (!parsed.success) throw invalidValue('The e-mail address is not valid.');
  return { ...state, email: normalizeEmail(parsed.data) };
}

function setEmails(state: UserState, value: unknown): UserState {
  const entries = z
    .array(ZEmailEntry)
    .min(1)
    .max(20)
    .safeParse(Array.isArray(value) ? value : [value]);
  if (!entries.success) throw invalidValue('The e-mail addresses are not valid.');
  return { ...state, email: emailOf({ userName: state.userName, emails: entries.data }) };
}

/** One attribute set by a path (`add` and `replace` alike: every attribute the Hub keeps is single-valued). */
function setAttribute(
  state: UserState,
  op: PatchOperation,
  attribute: string,
  sub: string | undefined,
  value: unknown,
): UserState {
  const path = sub ? `${attribute}.${sub}` : attribute;
  switch (path) {
    case 'active':
      return { ...state, active: booleanOf(value) };
    case 'username':
      return { ...state, userName: stringValue(value, 256, false) };
    case 'externalid':
      return { ...state, externalId: value === null ? null : stringValue(value, 256) };
    case 'displayname':
    case 'name.formatted':
      return { ...state, displayName: stringValue(value, NAME_MAX * 2 + 1, false) };
    case 'name.givenname':
      return { ...state, firstName: stringValue(value, NAME_MAX) };
    case 'name.familyname':
      return { ...state, lastName: stringValue(value, NAME_MAX) };
    case 'name': {
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw invalidValue('name must be an object.');
      let next = state;
      for (const [key, inner] of Object.entries(value))
        next = setAttribute(next, op, 'name', key.toLowerCase(), inner);
      return next;
    }
    case 'emails':
      return setEmails(state, value);
    case 'emails.value':
      return setEmail(state, value);
    case 'preferredlanguage':
    case 'locale':
      return { ...state, language: languageOf(typeof value === 'string' ? value : undefined) };
    default:
      if (IGNORED.has(attribute) || attribute.startsWith('urn:') || path.startsWith('name.')) return state;
      throw invalidPath();
  }
}

/**
 * Applies PATCH operations to a user's state. Without a path the value is an object of attributes
 * (Okta: `{"active": false}`; Entra ID also sends dotted names such as `name.givenName` there).
 */
export function applyUserPatch(start: UserState, operations: readonly PatchOperation[]): UserState {
  let state = start;
  for (const operation of operations) {
    if (!operation.path) {
      const value = operation.value;
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw invalidValue('An operation without a path needs an object value.');
      for (const [key, inner] of Object.entries(value)) {
        if (key.toLowerCase().startsWith('urn:ietf:params:scim:schemas:extension:')) continue;
        const [attribute, sub] = key
          .replace(/^urn:ietf:params:scim:schemas:core:2\.0:user:/i, '')
          .toLowerCase()
          .split('.');
        if (attribute === 'schemas') continue;
        state = setAttribute(state, operation, attribute!, sub, inner);
      }
      continue;
    }
    const { attribute, filter, subAttribute } = operation.path;
    if (filter) {
      // Only e-mails are filtered in paths; the Hub keeps one, of type work and primary.
      if (attribute !== 'emails') throw invalidPath();
      if (!matches(filter)(emailEntry(state))) {
        if (operation.op === 'remove') continue;
        throw scimBadRequest('noTarget', 'No e-mail address matches the filter.');
      }
      if (operation.op === 'remove')
        throw scimBadRequest('mutability', 'The sign-in e-mail address cannot be removed.');
      if (subAttribute && subAttribute !== 'value') {
        if (['type', 'primary', 'display'].includes(subAttribute)) continue;
        throw invalidPath();
      }
      state = subAttribute ? setEmail(state, operation.value) : setEmails(state, operation.value);
      continue;
    }
    if (operation.op === 'remove') {
      const path = subAttribute ? `${attribute}.${subAttribute}` : attribute;
      if (path === 'externalid') state = { ...state, externalId: null };
      else if (path === 'name.givenname') state = { ...state, firstName: '' };
      else if (path === 'name.familyname') state = { ...state, lastName: '' };
      else if (path === 'preferredlanguage' || path === 'locale') state = { ...state, language: 'en-SE' };
      else if (IGNORED.has(attribute) || attribute.startsWith('urn:')) continue;
      else if (['username', 'emails', 'emails.value', 'active', 'displayname', 'name'].includes(path))
        throw scimBadRequest('mutability', 'This attribute is required and cannot be removed.');
      else throw invalidPath();
      continue;
    }
    state = setAttribute(state, operation, attribute, subAttribute, operation.value);
  }
  return state;
}
