import { Alert, Button, Divider, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { supportsPasskeys } from '../../../lib/passkeys/passkey-ceremonies';
import { passkeyErrorKey } from '../../../lib/passkeys/passkey-errors';

export type PasskeyButtonProps = {
  /** Runs the whole ceremony and goes on; a rejection is shown here, translated. */
  onUse: () => Promise<void>;
  step: 'signIn' | 'secondFactor';
  /** The preferred way on this screen: a filled button. */
  primary?: boolean;
  /** A separating line with this label above or below the button, shown only with the button. */
  dividerBefore?: string;
  dividerAfter?: string;
};

/**
 * "Sign in with a passkey" / "Use a passkey": one button that runs the browser's ceremony, with the
 * browser's refusals (cancelled, timed out) and the Hub's answer as a translated message. Absent
 * where the browser has no WebAuthn.
 */
export function PasskeyButton({
  onUse,
  step,
  primary = false,
  dividerBefore,
  dividerAfter,
}: PasskeyButtonProps) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  if (!supportsPasskeys()) return null;
  const use = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onUse();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {dividerBefore && <Divider label={dividerBefore} labelPosition="center" />}
      <Stack gap="xs">
        {failure !== null && (
          <Alert color="red" role="alert">
            {t(passkeyErrorKey(failure, step))}
          </Alert>
        )}
        <Button variant={primary ? 'filled' : 'default'} loading={busy} onClick={() => void use()}>
          {t(step === 'signIn' ? 'passkeys.signIn.button' : 'passkeys.signIn.useForSecondFactor')}
        </Button>
      </Stack>
      {dividerAfter && <Divider label={dividerAfter} labelPosition="center" />}
    </>
  );
}
