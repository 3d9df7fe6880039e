import { Button, Code, Image, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TMfaChallenge } from '@service-hub/contracts';
import { ApiErrorAlert } from './api-error-alert';
import { supportsPasskeys } from '../../../lib/passkeys/passkey-ceremonies';
import { PasskeyButton } from './passkey-button';

export type MfaStepProps = {
  challenge: TMfaChallenge;
  onSubmit: (code: string) => Promise<void>;
  /** Completes the step with one of the user's passkeys instead (offered when they have one). */
  onUsePasskey?: () => Promise<void>;
};

/**
 * The second factor: a code from the authenticator app (with enrolment by QR code or manual key
 * the first time) or the code sent by e-mail; a user with passkeys is offered one first.
 */
export function MfaStep({ challenge, onSubmit, onUsePasskey }: MfaStepProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError(t('signIn.mfa.codeFormat'));
      return;
    }
    setError(undefined);
    setBusy(true);
    setFailure(null);
    try {
      await onSubmit(code.trim());
    } catch (e) {
      setFailure(e);
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  const enrolment = challenge.enrolment;
  const offersPasskey = challenge.passkeys === true && onUsePasskey !== undefined && supportsPasskeys();
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack>
        {offersPasskey && (
          <PasskeyButton
            step="secondFactor"
            primary
            onUse={onUsePasskey}
            dividerAfter={t('passkeys.signIn.orCode')}
          />
        )}
        <ApiErrorAlert error={failure} />
        {challenge.method === 'email' && <Text>{t('signIn.mfa.emailSent')}</Text>}
        {challenge.method === 'app' && enrolment && (
          <>
            <Text>{t('signIn.mfa.enrolIntro')}</Text>
            <Image src={enrolment.qrCode} alt={t('signIn.mfa.qrAlt')} w={200} h={200} fit="contain" />
            <Text size="sm">{t('signIn.mfa.manualKey')}</Text>
            <Code block aria-label={t('signIn.mfa.manualKeyLabel')} data-testid="totp-secret">
              {enrolment.secret}
            </Code>
          </>
        )}
        {challenge.method === 'app' && !enrolment && <Text>{t('signIn.mfa.appPrompt')}</Text>}
        <TextInput
          label={t('signIn.mfa.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={error}
        />
        <Button type="submit" variant={offersPasskey ? 'default' : 'filled'} loading={busy}>
          {t('signIn.mfa.verify')}
        </Button>
      </Stack>
    </form>
  );
}
