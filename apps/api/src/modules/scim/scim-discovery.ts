import { ENTERPRISE_USER_SCHEMA, GROUP_SCHEMA, USER_SCHEMA } from './scim-resources.ts';

/** Most resources one list answer carries (`count` above this is lowered to it). */
export const MAX_RESULTS = 200;

/** RFC 7643 section 5: what this service supports, for clients that ask before they sync. */
export const serviceProviderConfig = (baseUrl: string) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
  documentationUri: `${baseUrl.replace(/\/scim\/v2$/, '')}/docs/scim`,
  patch: { supported: true },
  bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
  filter: { supported: true, maxResults: MAX_RESULTS },
  changePassword: { supported: false },
  sort: { supported: false },
  etag: { supported: true },
  authenticationSchemes: [
    {
      type: 'oauthbearertoken',
      name: 'Bearer token',
      description:
        "A token an administrator of the customer created on the account's Provisioning (SCIM) page.",
      primary: true,
    },
  ],
  meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
});

const attribute = (
  name: string,
  type: 'string' | 'boolean' | 'complex' | 'reference' | 'dateTime',
  options: {
    multiValued?: boolean;
    required?: boolean;
    caseExact?: boolean;
    mutability?: 'readOnly' | 'readWrite' | 'immutable';
    uniqueness?: 'none' | 'server';
    subAttributes?: unknown[];
    description: string;
  },
) => ({
  name,
  type,
  multiValued: options.multiValued ?? false,
  description: options.description,
  required: options.required ?? false,
  ...(type === 'string' || type === 'reference' ? { caseExact: options.caseExact ?? false } : {}),
  mutability: options.mutability ?? 'readWrite',
  returned: 'default',
  uniqueness: options.uniqueness ?? 'none',
  ...(options.subAttributes ? { subAttributes: options.subAttributes } : {}),
});

const userSchema = (baseUrl: string) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
  id: USER_SCHEMA,
  name: 'User',
  description: 'A person who signs in to the Hub through single sign-on.',
  attributes: [
    attribute('userName', 'string', {
      required: true,
      uniqueness: 'server',
      description: 'Unique within the directory.',
    }),
    attribute('externalId', 'string', {
      caseExact: true,
      description: "The directory's own id of the user.",
    }),
    attribute('name', 'complex', {
      description: 'The parts of the name.',
      subAttributes: [
        attribute('givenName', 'string', { description: 'First name.' }),
        attribute('familyName', 'string', { description: 'Last name.' }),
        attribute('formatted', 'string', { description: 'The whole name, as shown.' }),
      ],
    }),
    attribute('displayName', 'string', { description: 'The name the Hub shows.' }),
    attribute('emails', 'complex', {
      multiValued: true,
      required: true,
      description: 'The sign-in address: the primary one (or the work one) is kept.',
      subAttributes: [
        attribute('value', 'string', { description: 'The address.' }),
        attribute('type', 'string', { description: 'work' }),
        attribute('primary', 'boolean', { description: 'Always true for the one kept.' }),
      ],
    }),
    attribute('preferredLanguage', 'string', {
      description: 'sv, no (nb, nn), da, fi or en; anything else is English.',
    }),
    attribute('active', 'boolean', {
      description: 'false removes all access through the directory and ends every session.',
    }),
  ],
  meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${USER_SCHEMA}` },
});

const groupSchema = (baseUrl: string) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
  id: GROUP_SCHEMA,
  name: 'Group',
  description: 'A directory group; an administrator maps it to accounts, a role and permissions in the Hub.',
  attributes: [
    attribute('displayName', 'string', {
      required: true,
      uniqueness: 'server',
      description: 'Unique within the directory.',
    }),
    attribute('externalId', 'string', {
      caseExact: true,
      description: "The directory's own id of the group.",
    }),
    attribute('members', 'complex', {
      multiValued: true,
      description: 'Users of this directory.',
      subAttributes: [
        attribute('value', 'string', {
          caseExact: true,
          mutability: 'immutable',
          description: 'The user id.',
        }),
        attribute('display', 'string', { mutability: 'readOnly', description: 'The user name.' }),
        attribute('$ref', 'reference', { mutability: 'immutable', description: 'The user resource.' }),
      ],
    }),
  ],
  meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${GROUP_SCHEMA}` },
});

export const schemasOf = (baseUrl: string) => [userSchema(baseUrl), groupSchema(baseUrl)];

export const resourceTypesOf = (baseUrl: string) => [
  {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    schema: USER_SCHEMA,
    schemaExtensions: [{ schema: ENTERPRISE_USER_SCHEMA, required: false }],
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/User` },
  },
  {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    id: 'Group',
    name: 'Group',
    endpoint: '/Groups',
    schema: GROUP_SCHEMA,
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/Group` },
  },
];
