import { useForm, type UseFormInput } from '@mantine/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { serverFieldErrors, validateWith } from './form-validation';

/**
 * A Mantine form checked by the contract's own request schema, so the browser and the server apply
 * the same rules, with every message translated by its code (the server's field errors use the
 * same codes). The schema may be the request's, or a form-only extension of it (e.g. a repeated
 * password). `toRequest` turns the form's values (e.g. ids chosen as strings) into the request first.
 */
export function useContractForm<Values extends Record<string, unknown>>(
  schema: z.ZodType,
  options: Omit<UseFormInput<Values>, 'validate'>,
  toRequest?: (values: Values) => unknown,
) {
  const { t } = useTranslation();
  return useForm<Values>({
    ...options,
    validate: validateWith<Values>(schema, t, toRequest ? { toRequest } : {}),
  });
}

/**
 * Puts the server's field errors on the form's fields, translated by code. Answers whether any
 * landed on a field (otherwise the caller shows the error itself).
 */
export function showServerFieldErrors(
  form: { setFieldError: (path: string, message: string) => void },
  error: unknown,
  t: TFunction,
): boolean {
  const errors = Object.entries(serverFieldErrors(error, t));
  for (const [field, message] of errors) form.setFieldError(field, message);
  return errors.length > 0;
}
