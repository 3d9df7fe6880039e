/**
 * SCIM's own error shape (RFC 7644 section 3.12): `/scim/v2` answers directory clients (Entra ID,
 * Okta), which read `scimType` and `status` (a string), not the Hub's error shape. The request id
 * still goes out in its header (app.ts), so support finds the request in the logs.
 */
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** The `scimType` values RFC 7644 3.12 names that this service answers. */
export type ScimErrorType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue'
  | 'invalidVers';

export type ScimErrorBody = {
  schemas: [typeof SCIM_ERROR_SCHEMA];
  status: string;
  scimType?: ScimErrorType;
  detail: string;
};

export class ScimError extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly scimType?: ScimErrorType,
  ) {
    super(detail);
    this.name = 'ScimError';
  }

  toBody(): ScimErrorBody {
    return {
      schemas: [SCIM_ERROR_SCHEMA],
      status: String(this.status),
      ...(this.scimType ? { scimType: this.scimType } : {}),
      detail: this.message,
    };
  }
}

export const scimBadRequest = (scimType: ScimErrorType, detail: string) =>
  new ScimError(400, detail, scimType);
export const invalidFilter = (detail = 'The filter is not valid or not supported.') =>
  scimBadRequest('invalidFilter', detail);
export const invalidValue = (detail: string) => scimBadRequest('invalidValue', detail);
export const invalidPath = (
  detail = 'The path is not valid or names an attribute this service does not have.',
) => scimBadRequest('invalidPath', detail);
/** Deliberately says nothing about who holds the value: it may belong to another customer. */
export const uniqueness = (detail = 'A resource with this value already exists.') =>
  new ScimError(409, detail, 'uniqueness');
/** Also the answer for a resource of another customer: the two must look the same. */
export const resourceNotFound = (what: 'User' | 'Group') => new ScimError(404, `${what} not found.`);
