import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TWebhookEndpoint } from '@service-hub/contracts';
import { webhooksLinks } from '../webhooks-links';
import { EndpointStatusBadge } from './endpoint-status-badge';
import { EndpointTabs, type EndpointTab } from './endpoint-tabs';

/** The endpoint's address as the page heading, its state, the way back and its tabs. */
export function EndpointHeader({ endpoint, tab }: { endpoint: TWebhookEndpoint; tab: EndpointTab }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Anchor component={Link} to={webhooksLinks.list()} size="sm">
        {t('webhooks.endpoint.back')}
      </Anchor>
      <Group gap="sm" align="center">
        <Title order={1} style={{ overflowWrap: 'anywhere' }} size="h2">
          {endpoint.url}
        </Title>
        <EndpointStatusBadge endpoint={endpoint} />
      </Group>
      {endpoint.description && <Text c="dimmed">{endpoint.description}</Text>}
      <EndpointTabs endpointId={endpoint.id} active={tab} />
    </Stack>
  );
}
