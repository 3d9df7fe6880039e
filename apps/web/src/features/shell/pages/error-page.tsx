import { Alert, Button, Container, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api/client';

/** A page that could not load: what happened, a reference for support, and a way to try again. */
export function ErrorPage({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const reference = error instanceof ApiRequestError ? error.requestId : undefined;
  return (
    <Container size="sm" py="xl">
      <Alert color="red" role="alert" title={t('common.systemFeedback.generalError')}>
        <Stack gap="sm">
          {reference && <Text size="sm">{t('common.systemFeedback.reference', { reference })}</Text>}
          <Button variant="light" color="red" onClick={onRetry} w="fit-content">
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}
