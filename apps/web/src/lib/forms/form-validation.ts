import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiRequestError } from '../api/client';

type Issue = z.core.$ZodIssue;

/** The form field an error belongs to: list items report on their list (`messageTypes.0` → `messageTypes`). */
const fieldOf = (path: readonly PropertyKey[]) =>
  path.filter((segment) => typeof segment === 'string').join('.');

/**
 * The message for one failed rule, worded like the server's field errors (spec 5) in the user's
 * language. `overrides` names a translation key per field path for rules the generic messages do
 * not describe well (a GLN check digit, an Odette id).
 */
function messageOf(issue: Issue, t: TFunction, overrides: Record<string, string>): string {
  const path = fieldOf(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      return t('validation.required');
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
      return overrides[path] ? t(overrides[path]) : t('validation.invalidFormat');
    case 'custom': {
      if (overrides[path]) return t(overrides[path]);
      const code = (issue.params as { code?: string } | undefined)?.code;
      return code
        ? t(`validation.${code}`, { defaultValue: t('validation.invalidValue') })
        : t('validation.invalidValue');
    }
    default:
      return overrides[path] ? t(overrides[path]) : t('validation.invalidValue');
  }
}

/**
 * A @mantine/form `validate` function from a contract's request schema, so the browser checks the
 * same rules as the server. (mantine-form-zod-resolver's zod4Resolver would show zod's English
 * messages; this one translates by rule.) The first failed rule of each field wins.
 */
export function validateWith<T>(
  schema: z.ZodType<T>,
  t: TFunction,
  toRequest: (values: never) => unknown = (values) => values,
  overrides: Record<string, string> = {},
) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(toRequest(values as never));
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const path = fieldOf(issue.path);
      errors[path] ??= messageOf(issue, t, overrides);
    }
    return errors;
  };
}

/**
 * The server's per-field errors, translated by code, keyed by field path without "body." (list
 * items on their list). `overrides` words a field's errors other than "required" as in the form.
 */
export function serverFieldErrors(
  error: unknown,
  t: TFunction,
  overrides: Record<string, string> = {},
): Record<string, string> {
  if (!(error instanceof ApiRequestError) || !error.body?.errors) return {};
  const out: Record<string, string> = {};
  for (const fieldError of error.body.errors) {
    const field = fieldError.field
      .replace(/^body\./, '')
      .split('.')
      .filter((segment) => !/^\d+$/.test(segment))
      .join('.');
    const override = fieldError.code !== 'required' ? overrides[field] : undefined;
    out[field] ??= override
      ? t(override)
      : t(`validation.${fieldError.code}`, { ...fieldError.params, defaultValue: fieldError.message });
  }
  return out;
}
