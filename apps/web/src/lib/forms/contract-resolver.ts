import type { FormErrors } from '@mantine/form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

/** Texts a schema sets itself (regex hints and the like), by their English text, as translation keys. */
export type MessageKeys = Readonly<Record<string, string>>;

/**
 * The translated message of one issue of a contract schema: the same codes the API gives each
 * field (spec 5, see apps/api/src/lib/validation-errors.ts), in the user's language.
 */
export function issueMessage(issue: Issue, t: TFunction, messages: MessageKeys = {}): string {
  const own = messages[issue.message];
  if (own) return t(own);
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null || issue.input === ''
        ? t('validation.required')
        : t('validation.invalidType');
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) === 1
        ? t('validation.required')
        : issue.origin === 'array'
          ? t('validation.required')
          : t('validation.tooSmall', { minimum: Number(issue.minimum) });
    case 'too_big':
      return t('validation.tooBig', { maximum: Number(issue.maximum) });
    case 'invalid_format':
      return issue.format === 'email' ? t('validation.invalidEmail') : t('validation.invalidFormat');
    case 'custom': {
      const code = (issue.params as { code?: string } | undefined)?.code;
      return code ? t(messages[code] ?? `validation.${code}`) : t('validation.invalidValue');
    }
    default:
      return t('validation.invalidValue');
  }
}

/**
 * A @mantine/form validator from the contract's request schema, so the form checks exactly what
 * the server checks, with translated messages (zod4Resolver passes on zod's English texts only).
 */
export function contractResolver(schema: z.ZodType, t: TFunction, messages: MessageKeys = {}) {
  return (values: unknown): FormErrors => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      errors[path] ??= issueMessage(issue, t, messages);
    }
    return errors;
  };
}
