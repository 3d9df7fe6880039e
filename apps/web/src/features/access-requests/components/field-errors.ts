import type { TFunction } from 'i18next';
import { ApiRequestError } from '../../../lib/api/client';

/**
 * The server's field errors of a failed call, translated: `messages` words a field's code
 * (`'domain.invalidValue'`) where the generic words would not say what is wrong; other codes get
 * the shared validation texts. Empty when the answer has no field errors.
 */
export function fieldErrorsOf(
  error: unknown,
  t: TFunction,
  messages: Readonly<Record<string, string>>,
): Record<string, string> {
  if (!(error instanceof ApiRequestError) || !error.body?.errors) return {};
  const out: Record<string, string> = {};
  for (const fieldError of error.body.errors) {
    const field = fieldError.field.replace(/^body\./, '');
    const key = messages[`${field}.${fieldError.code}`] ?? `validation.${fieldError.code}`;
    out[field] ??= t(key, { ...fieldError.params, defaultValue: fieldError.message });
  }
  return out;
}
