import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api/client';

/** Why a consignment, message or document cannot be shown: the 403 rule, or a failure to retry. */
export function DetailError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const refused = error instanceof ApiRequestError && error.status === 403;
  return (
    <Alert
      color={refused ? 'orange' : 'red'}
      // Mantine's light alert titles are too pale on their background for WCAG AA.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      role="alert"
      title={refused ? t('ediTracking.notParty.title') : t('common.systemFeedback.generalError')}
    >
      <Stack gap="xs" align="flex-start">
        {refused && t('ediTracking.notParty.hint')}
        {!refused && (
          <Button size="xs" variant="default" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
