import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { MAX_DATE_RANGE_DAYS } from '@service-hub/contracts';

/**
 * Checks a filter draft with the API's own query schema and words each problem in the user's
 * language, per field (the first problem of a field wins).
 */
export function filterErrors<F extends string>(
  schema: z.ZodType,
  draft: Partial<Record<F, string>>,
  t: TFunction,
): Partial<Record<F, string>> {
  const result = schema.safeParse(draft);
  if (result.success) return {};
  const errors: Partial<Record<F, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as F | undefined;
    if (!field || errors[field]) continue;
    const params = (issue as { params?: { reason?: string; code?: string } }).params;
    errors[field] = params?.reason
      ? t(`lists.problems.${params.reason}`, { days: MAX_DATE_RANGE_DAYS })
      : issue.code === 'invalid_format' || params?.code === 'invalidFormat'
        ? t('lists.problems.format')
        : t('validation.invalidValue');
  }
  return errors;
}
