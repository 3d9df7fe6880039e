import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailError } from '../../../components/ui/detail-error';
import { LoadingSpinner } from '../../../components/ui/loading-page';
import { showSuccess } from '../../../lib/feedback/toasts';
import { formatDateTime } from '../../../lib/format';
import { useUpdateWebhookEndpoint } from '../api/update-webhook-endpoint';
import { EndpointActions } from '../components/endpoint-actions';
import { EndpointForm } from '../components/endpoint-form';
import { EndpointHeader } from '../components/endpoint-header';
import { SecretReveal } from '../components/secret-reveal';
import { useEndpointParam } from '../components/use-endpoint-param';

/** One endpoint: its state, its settings to change, and the actions on it. */
export function WebhookEndpointPage() {
  const { t, i18n } = useTranslation();
  const { endpointId, accountId, endpoint } = useEndpointParam();
  const update = useUpdateWebhookEndpoint(accountId, endpointId);
  const [secret, setSecret] = useState<string>();
  if (endpoint.isError)
    return (
      <DetailError
        error={endpoint.error}
        onRetry={() => void endpoint.refetch()}
        refused={{ title: t('webhooks.endpoint.refused'), hint: t('webhooks.endpoint.refusedHint') }}
      />
    );
  if (!endpoint.data) return <LoadingSpinner />;
  const data = endpoint.data;
  const when = (value: string | null) => (value ? formatDateTime(value, i18n.language) : '–');
  const facts: [string, string][] = [
    [t('webhooks.endpoint.created'), when(data.created)],
    [t('webhooks.endpoint.modified'), when(data.modified)],
    ...(data.failingSince
      ? [[t('webhooks.endpoint.failingSince'), when(data.failingSince)] as [string, string]]
      : []),
    ...(data.disabledAt
      ? [[t('webhooks.endpoint.disabledAt'), when(data.disabledAt)] as [string, string]]
      : []),
    ...(data.previousSecretExpiresAt
      ? [[t('webhooks.endpoint.previousSecretUntil'), when(data.previousSecretExpiresAt)] as [string, string]]
      : []),
  ];
  return (
    <Stack>
      <EndpointHeader endpoint={data} tab="settings" />
      {secret && (
        <SecretReveal
          secret={secret}
          title={t('webhooks.secret.rotated')}
          onDone={() => setSecret(undefined)}
        />
      )}
      {data.disabledReason === 'failing' && (
        <Text c="red.9">{t('webhooks.endpoint.disabledFailingHint')}</Text>
      )}
      <EndpointActions accountId={accountId} endpoint={data} onSecret={setSecret} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="dl" m={0} spacing="xs">
        {facts.map(([label, value]) => (
          <Stack gap={0} key={label}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      <Paper withBorder p="md">
        <Stack>
          <Title order={2} size="h3">
            {t('webhooks.endpoint.settings')}
          </Title>
          <EndpointForm
            key={data.modified}
            accountId={accountId}
            initialValues={{ url: data.url, description: data.description, eventTypes: data.eventTypes }}
            submitLabel={t('webhooks.form.save')}
            isSaving={update.isPending}
            onSubmit={({ eventTypes, ...request }, showError, eventTypesChanged) =>
              // Unchanged event types stay out: the server checks every type it is sent.
              update.mutate(eventTypesChanged ? { ...request, eventTypes } : request, {
                onSuccess: () => showSuccess('webhooks.endpoint.saved'),
                onError: showError,
              })
            }
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
