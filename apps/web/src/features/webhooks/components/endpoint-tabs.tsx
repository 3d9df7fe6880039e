import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { webhooksLinks } from '../webhooks-links';

export type EndpointTab = 'settings' | 'deliveries';

/** An endpoint's two views, each at its own address (settings, delivery log). */
export function EndpointTabs({ endpointId, active }: { endpointId: string; active: EndpointTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const paths: Record<EndpointTab, string> = {
    settings: webhooksLinks.endpoint(endpointId),
    deliveries: webhooksLinks.deliveries(endpointId),
  };
  return (
    <Tabs
      value={active}
      onChange={(tab) => tab && void navigate(paths[tab === 'deliveries' ? 'deliveries' : 'settings'])}
    >
      <Tabs.List>
        <Tabs.Tab value="settings">{t('webhooks.endpoint.tabs.settings')}</Tabs.Tab>
        <Tabs.Tab value="deliveries">{t('webhooks.endpoint.tabs.deliveries')}</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
