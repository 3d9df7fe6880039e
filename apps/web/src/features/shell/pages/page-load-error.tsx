import { Alert, Button, Container, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/**
 * A page whose code or texts could not be loaded, even after trying again (or that failed while
 * showing): says so and offers to try again, instead of React Router's untranslated developer
 * notice. Trying again loads the page anew: React Router keeps a route's failed load until then.
 * Uses only texts of the core catalog, which is there before any page shows.
 */
export function PageLoadError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => console.error('page could not be shown', error), [error]);
  return (
    <Container size="sm" py="xl">
      <Alert color="red" role="alert" title={t('shell.pageLoadFailed.title')}>
        <Stack gap="sm">
          <Text size="sm">{t('shell.pageLoadFailed.text')}</Text>
          <Button variant="light" color="red" onClick={() => window.location.reload()} w="fit-content">
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}
