import type { TFunction } from 'i18next';
import { ApiRequestError } from '../../../lib/api/client';

/**
 * The server's per-field errors, translated by code and keyed by field name (without the
 * "body." prefix), so forms can show each next to its field.
 */
export function fieldErrorsOf(error: unknown, t: TFunction): Record<string, string> {
  if (!(error instanceof ApiRequestError) || !error.body?.errors) return {};
  const out: Record<string, string> = {};
  for (const fieldError of error.body.errors) {
    const field = fieldError.field.replace(/^body\./, '');
    const key = `validation.${fieldError.code}`;
    out[field] = t(key, { ...fieldError.params, defaultValue: fieldError.message });
  }
  return out;
}
