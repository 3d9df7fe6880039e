import 'mantine-datatable/styles.css';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconList, IconPlus } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { KEYBOARD_SCROLLABLE } from '../../../components/ui/keyboard-scrollable';
import { useActiveAccount } from '../../../lib/session/active-account';
import { useWebhookEndpoints } from '../api/list-webhook-endpoints';
import { EndpointStatusBadge } from '../components/endpoint-status-badge';
import { eventTypeKey } from '../components/event-type-label';
import { webhooksLinks } from '../webhooks-links';

/** The active account's webhook endpoints, with the way to a new one (issue 22). */
export function WebhooksPage() {
  const { t } = useTranslation();
  const { account } = useActiveAccount();
  const endpoints = useWebhookEndpoints(account?.id ?? null);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('titles.webhooks')}</Title>
        <Group gap="sm">
          <Button
            component={Link}
            to={webhooksLinks.deliveryLog()}
            variant="default"
            leftSection={<IconList size={16} aria-hidden />}
          >
            {t('webhooks.deliveryLog.open')}
          </Button>
          <Button
            component={Link}
            to={webhooksLinks.create()}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            {t('webhooks.add')}
          </Button>
        </Group>
      </Group>
      <Text maw={720}>{t('webhooks.intro')}</Text>
      <DataTable
        withTableBorder
        striped
        minHeight={160}
        records={endpoints.data ?? []}
        fetching={endpoints.isPending}
        noRecordsText={t('webhooks.empty')}
        aria-label={t('titles.webhooks')}
        scrollAreaProps={KEYBOARD_SCROLLABLE}
        columns={[
          {
            accessor: 'url',
            title: t('webhooks.columns.url'),
            render: (endpoint) => (
              <Anchor
                component={Link}
                to={webhooksLinks.endpoint(endpoint.id)}
                style={{ overflowWrap: 'anywhere' }}
              >
                {endpoint.url}
              </Anchor>
            ),
          },
          { accessor: 'description', title: t('webhooks.columns.description') },
          {
            accessor: 'eventTypes',
            title: t('webhooks.columns.events'),
            render: (endpoint) => endpoint.eventTypes.map((type) => t(eventTypeKey(type))).join(', '),
          },
          {
            accessor: 'enabled',
            title: t('webhooks.columns.status'),
            render: (endpoint) => <EndpointStatusBadge endpoint={endpoint} />,
          },
        ]}
      />
    </Stack>
  );
}
