import { z } from 'zod';

/** Stable codes the API puts in `errorCode`; the web app translates them (spec 8). */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'ACCOUNT_LOCKED',
  'INVALID_CODE',
  'LINK_EXPIRED',
  'ALREADY_HAS_ACCESS',
  'EMAIL_EXISTS',
  'MFA_LOCKED',
  'REAUTHENTICATION_REQUIRED',
  'WRONG_USER',
  'USER_NOT_PROVISIONED',
  'CUSTOMER_EXISTS',
  'SERVICE_EXISTS',
  'APPLICATION_EXISTS',
  'PERMISSION_EXISTS',
  'TOO_MANY_ACCOUNTS',
  // An access request approved with a role the person would not actually have (roles are global).
  'ADMINISTRATOR_ELSEWHERE',
  'ROLE_REACHES_OTHER_ACCOUNTS',
  'CRM_UNAVAILABLE',
  'USER_NOT_DELETED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  'REPORT_TOO_LARGE',
  'REPORT_NOT_READY',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Codes of per-field validation errors. Each has a message in the spec (section 5) that the
 * web app shows translated, with `params` filled in (e.g. `maximum` for `tooBig`).
 */
export const FIELD_ERROR_CODES = [
  'required',
  'tooBig',
  'tooSmall',
  'invalidEmail',
  'invalidFormat',
  'invalidValue',
  'invalidType',
  'unknownField',
  'weakPassword',
  'wrongPassword',
  'containsEmail',
  'emailExists',
  'mfaMethodRequired',
  'invalidCharacters',
  'dateRangeTooLong',
  'endBeforeStart',
  'invalidGuid',
  'alreadyExists',
  'fileTypeNotAllowed',
  'fileTooLarge',
  'tooManyFiles',
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

export const ZFieldError = z.object({
  field: z
    .string()
    .describe('Dotted path of the offending field, prefixed by its location (body, query, params)'),
  code: z.enum(FIELD_ERROR_CODES),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type TFieldError = z.infer<typeof ZFieldError>;

/** The one JSON shape of every error response (spec 8). */
export const ZApiError = z
  .object({
    status: z.number().int(),
    title: z.string(),
    detail: z.string(),
    requestId: z.string(),
    errorCode: z.enum(ERROR_CODES).optional(),
    referenceCode: z.string().optional(),
    errors: z.array(ZFieldError).optional(),
  })
  .meta({ id: 'ApiError' });
export type TApiError = z.infer<typeof ZApiError>;
