import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../lib/api/client';

/**
 * Why a tracked entity cannot be shown: the 403 rule (the active account is neither its sender
 * nor its receiver), in the feature's words, or a failure worth trying again.
 */
export function DetailError({
  error,
  onRetry,
  refused,
}: {
  error: unknown;
  onRetry: () => void;
  refused: { title: string; hint: string };
}) {
  const { t } = useTranslation();
  const isRefused = error instanceof ApiRequestError && error.status === 403;
  return (
    <Alert
      color={isRefused ? 'orange' : 'red'}
      // Mantine's light alert titles are too pale on their background for WCAG AA.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      role="alert"
      title={isRefused ? refused.title : t('common.systemFeedback.generalError')}
    >
      <Stack gap="xs" align="flex-start">
        {isRefused && refused.hint}
        {!isRefused && (
          <Button size="xs" variant="default" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
