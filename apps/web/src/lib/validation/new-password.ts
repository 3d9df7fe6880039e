import type { TFunction } from 'i18next';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ZNewPassword } from '@service-hub/contracts';

/**
 * The contract's password rules (the server applies the same), checked before sending, with
 * translated messages for the new password and its repetition.
 */
export function newPasswordErrors(
  t: TFunction,
  password: string,
  repeat: string,
): { password?: string; repeat?: string } {
  const result = ZNewPassword.safeParse(password);
  const issue = result.success ? undefined : result.error.issues[0];
  let message: string | undefined;
  if (issue?.code === 'too_small')
    message = t('validation.passwordTooShort', { minimum: PASSWORD_MIN_LENGTH });
  else if (issue?.code === 'too_big') message = t('validation.tooBig', { maximum: PASSWORD_MAX_LENGTH });
  else if (issue?.code === 'custom' && issue.params?.code === 'invalidCharacters')
    message = t('validation.invalidCharacters');
  else if (issue) message = t('validation.weakPassword');
  return { password: message, repeat: repeat !== password ? t('validation.passwordsDiffer') : undefined };
}
