import type { TFunction } from 'i18next';
import type { z } from 'zod';

/**
 * One schema issue as the user reads it, in their language. The codes are the server's
 * (`FIELD_ERROR_CODES`): the same rule gives the same words whichever side noticed it first.
 */
export function issueMessage(issue: z.core.$ZodIssue, t: TFunction): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null || issue.input === ''
        ? t('validation.required')
        : t('validation.invalidType');
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) <= 1) return t('validation.required');
      // A password's minimum length is worded as such.
      if (/password/i.test(String(issue.path.at(-1))))
        return t('validation.passwordTooShort', { minimum: Number(issue.minimum) });
      return t('validation.tooSmall', { minimum: Number(issue.minimum) });
    case 'too_big':
      return t('validation.tooBig', { maximum: Number(issue.maximum) });
    case 'invalid_format':
      return issue.format === 'email' ? t('validation.invalidEmail') : t('validation.invalidFormat');
    case 'custom': {
      // Refinements name their code (weakPassword, mfaMethodRequired, passwordsDiffer, …).
      const code = (issue.params as { code?: string } | undefined)?.code;
      return code ? t(`validation.${code}`) : t('validation.invalidValue');
    }
    default:
      return t('validation.invalidValue');
  }
}
