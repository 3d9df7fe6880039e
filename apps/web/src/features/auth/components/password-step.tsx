import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSignInRequest } from '@service-hub/contracts';
import { ApiErrorAlert } from './api-error-alert';

export type PasswordStepProps = {
  onSubmit: (credentials: TSignInRequest) => Promise<void>;
  initialEmail?: string;
};

/** E-mail and password, checked here first so the server only sees complete requests. */
export function PasswordStep({ onSubmit, initialEmail = '' }: PasswordStepProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      email: email.trim() ? undefined : t('validation.required'),
      password: password ? undefined : t('validation.required'),
    };
    setErrors(next);
    if (next.email || next.password) return;
    setBusy(true);
    setFailure(null);
    try {
      await onSubmit({ email: email.trim(), password });
    } catch (error) {
      setFailure(error);
      setPassword('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack>
        <ApiErrorAlert error={failure} />
        <TextInput
          label={t('signIn.email')}
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={errors.email}
        />
        <PasswordInput
          label={t('signIn.password')}
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
        />
        <Button type="submit" loading={busy}>
          {t('signIn.submit')}
        </Button>
      </Stack>
    </form>
  );
}
