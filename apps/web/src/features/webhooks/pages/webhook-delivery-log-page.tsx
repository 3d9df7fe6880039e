import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TWebhookEndpoint } from '@service-hub/contracts';
import { DetailError } from '../../../components/ui/detail-error';
import { LoadingSpinner } from '../../../components/ui/loading-page';
import { useActiveAccount } from '../../../lib/session/active-account';
import { useWebhookEndpoints } from '../api/list-webhook-endpoints';
import { DeliveryFilters } from '../components/delivery-filters';
import { useDeliveryRequest } from '../components/delivery-request';
import { DeliveryTable } from '../components/delivery-table';
import { ReplayFailedForm } from '../components/replay-failed-form';
import { webhooksLinks } from '../webhooks-links';

/** The delivery log of every webhook of the active account, filtered by endpoint among the rest. */
export function WebhookDeliveryLogPage() {
  const { t } = useTranslation();
  const { account } = useActiveAccount();
  const accountId = account?.id ?? null;
  const endpoints = useWebhookEndpoints(accountId);
  return (
    <Stack>
      <Stack gap="xs">
        <Anchor component={Link} to={webhooksLinks.list()} size="sm">
          {t('webhooks.endpoint.back')}
        </Anchor>
        <Title order={1}>{t('titles.webhookDeliveries')}</Title>
      </Stack>
      <Text maw={720}>{t('webhooks.deliveryLog.intro')}</Text>
      {endpoints.isError ? (
        <DetailError
          error={endpoints.error}
          onRetry={() => void endpoints.refetch()}
          refused={{ title: t('webhooks.deliveryLog.refused'), hint: t('webhooks.deliveryLog.refusedHint') }}
        />
      ) : endpoints.data ? (
        <AccountDeliveryLog accountId={accountId} endpoints={endpoints.data} />
      ) : (
        <LoadingSpinner />
      )}
    </Stack>
  );
}

/**
 * The log once the account's endpoints are known: the filter offers them, a replay button knows
 * whether its endpoint is switched off, and an address naming no endpoint of the account (another
 * account's, a deleted one) shows the whole log rather than an empty choice.
 */
function AccountDeliveryLog({
  accountId,
  endpoints,
}: {
  accountId: number | null;
  endpoints: readonly TWebhookEndpoint[];
}) {
  const { t } = useTranslation();
  const { request: asked, update } = useDeliveryRequest();
  const chosen = endpoints.find((endpoint) => endpoint.id === asked.endpointId);
  const request = chosen ? asked : { ...asked, endpointId: undefined };
  const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
  return (
    <>
      <DeliveryFilters value={request} onChange={update} endpoints={endpoints} />
      <DeliveryTable
        accountId={accountId}
        request={request}
        onChange={update}
        showEndpoint
        isEndpointDisabled={(delivery) => byId.get(delivery.endpointId)?.enabled === false}
        emptyText={endpoints.length === 0 ? t('webhooks.deliveryLog.noEndpoints') : undefined}
      />
      <ReplayFailedForm
        // A new scope starts a new form: the last result spoke of the endpoints chosen before.
        key={chosen?.id ?? 'all'}
        accountId={accountId}
        endpointId={chosen?.id}
        scope={
          chosen
            ? t('webhooks.deliveryLog.replayScopeOne', { url: chosen.url })
            : t('webhooks.deliveryLog.replayScopeAll')
        }
      />
    </>
  );
}
