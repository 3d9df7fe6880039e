import type { TFunction } from 'i18next';
import { ApiRequestError } from '../api/client';
import type { MessageKeys } from './contract-resolver';

/**
 * The server's per-field errors of a failed call, translated by code and keyed by the form's
 * field path (without "body."), for `form.setErrors`. `messages` names keys for codes whose text
 * depends on the form (e.g. alreadyExists: 'This customer already exists').
 */
export function serverFieldErrors(
  error: unknown,
  t: TFunction,
  messages: MessageKeys = {},
): Record<string, string> {
  if (!(error instanceof ApiRequestError) || !error.body?.errors) return {};
  const out: Record<string, string> = {};
  for (const fieldError of error.body.errors) {
    const field = fieldError.field.replace(/^body\./, '');
    const key = messages[fieldError.code] ?? `validation.${fieldError.code}`;
    out[field] ??= t(key, { ...fieldError.params, defaultValue: fieldError.message });
  }
  return out;
}

/** The error code of a failed call, e.g. CUSTOMER_EXISTS. */
export const errorCodeOf = (error: unknown) =>
  error instanceof ApiRequestError ? error.body?.errorCode : undefined;
