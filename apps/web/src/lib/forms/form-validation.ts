import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiRequestError } from '../api/client';

type Issue = z.core.$ZodIssue;

/**
 * Translation keys a form puts in place of the generic words: by field path for rules the generic
 * messages do not describe well (`'connection.url'`, a GLN check digit), by a rule's own text (a
 * regex hint) or by error code (`alreadyExists` → 'This customer already exists').
 */
export type MessageKeys = Readonly<Record<string, string>>;

/** The form field an error belongs to: list items report on their list (`messageTypes.0` → `messageTypes`). */
const fieldOf = (path: readonly PropertyKey[]) =>
  path.filter((segment) => typeof segment === 'string').join('.');

/** The message for one failed rule, worded like the server's field errors (spec 5) in the user's language. */
function messageOf(issue: Issue, t: TFunction, keys: MessageKeys): string {
  const path = fieldOf(issue.path);
  const byText = keys[issue.message];
  if (byText) return t(byText);
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null || issue.input === ''
        ? t('validation.required')
        : t('validation.invalidType');
    case 'too_small':
      if (issue.origin === 'array' || (issue.origin === 'string' && Number(issue.minimum) === 1))
        return t('validation.required');
      // A password's minimum length is worded as such.
      if (/password/i.test(path)) return t('validation.passwordTooShort', { minimum: Number(issue.minimum) });
      return t('validation.tooSmall', { minimum: Number(issue.minimum) });
    case 'too_big':
      return t('validation.tooBig', { maximum: Number(issue.maximum) });
    case 'invalid_format':
      if (issue.format === 'email') return t('validation.invalidEmail');
      return t(keys[path] ?? 'validation.invalidFormat');
    case 'custom': {
      if (keys[path]) return t(keys[path]);
      // Refinements name their code (weakPassword, mfaMethodRequired, passwordsDiffer, …).
      const code = (issue.params as { code?: string } | undefined)?.code;
      return code
        ? t(keys[code] ?? `validation.${code}`, { defaultValue: t('validation.invalidValue') })
        : t('validation.invalidValue');
    }
    default:
      return t(keys[path] ?? 'validation.invalidValue');
  }
}

/**
 * A @mantine/form `validate` function from a contract's request schema, so the browser checks the
 * same rules as the server, with translated messages (mantine-form-zod-resolver's zod4Resolver
 * would show zod's English texts). `toRequest` turns the form's values into the request first.
 * The first failed rule of each field wins.
 */
export function validateWith<Values>(
  schema: z.ZodType,
  t: TFunction,
  options: { toRequest?: (values: Values) => unknown; keys?: MessageKeys } = {},
) {
  const { toRequest = (values: Values): unknown => values, keys = {} } = options;
  return (values: Values): Record<string, string> => {
    const result = schema.safeParse(toRequest(values));
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      errors[fieldOf(issue.path)] ??= messageOf(issue, t, keys);
    }
    return errors;
  };
}

/**
 * The server's per-field errors of a failed call, translated by code and keyed by form field
 * (without "body.", list items on their list), for `form.setErrors`. A field's own key words its
 * errors other than "required"; a code's key words that code.
 */
export function serverFieldErrors(
  error: unknown,
  t: TFunction,
  keys: MessageKeys = {},
): Record<string, string> {
  if (!(error instanceof ApiRequestError) || !error.body?.errors) return {};
  const out: Record<string, string> = {};
  for (const fieldError of error.body.errors) {
    const field = fieldError.field
      .replace(/^body\./, '')
      .split('.')
      .filter((segment) => !/^\d+$/.test(segment))
      .join('.');
    const byField = fieldError.code !== 'required' ? keys[field] : undefined;
    const key = byField ?? keys[fieldError.code] ?? `validation.${fieldError.code}`;
    out[field] ??= t(key, { ...fieldError.params, defaultValue: fieldError.message });
  }
  return out;
}

/** The error code of a failed call, e.g. CUSTOMER_EXISTS. */
export const errorCodeOf = (error: unknown) =>
  error instanceof ApiRequestError ? error.body?.errorCode : undefined;
