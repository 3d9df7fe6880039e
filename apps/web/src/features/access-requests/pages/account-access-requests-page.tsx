import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useActiveAccount } from '../../../lib/session/active-account';
import { useAccountAccessRequests } from '../api/list-account-access-requests';
import { AccountRequestsList } from '../components/account-requests-list';
import { EmailDomainsSection } from '../components/email-domains-section';

const TABS = ['pending', 'decided'] as const;
type Tab = (typeof TABS)[number];

/**
 * For the active account's administrators: the people asking to join it (approve with a role and
 * permissions, or decline with a reason), the decided ones, and the account's e-mail domains.
 */
export function AccountAccessRequestsPage() {
  const { account } = useActiveAccount();
  if (!account) return null;
  return <AccountAccessRequests key={account.id} account={account} />;
}

function AccountAccessRequests({ account }: { account: { id: number; name: string } }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((name) => name === params.get('show')) ?? 'pending';
  // The grantable roles and permissions come with the list; the domains' settings use them too.
  const options = useAccountAccessRequests(account.id, 'pending');
  return (
    <Stack>
      <Title order={1}>{t('titles.accessRequests')}</Title>
      <Text maw={720}>{t('accessRequests.account.intro', { account: account.name })}</Text>
      <Tabs
        value={tab}
        onChange={(value) => {
          const next = new URLSearchParams(params);
          if (value === 'decided') next.set('show', 'decided');
          else next.delete('show');
          setParams(next, { replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="pending">{t('accessRequests.account.pending')}</Tabs.Tab>
          <Tabs.Tab value="decided">{t('accessRequests.account.decided')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="pending" pt="sm">
          <AccountRequestsList customerId={account.id} state="pending" />
        </Tabs.Panel>
        <Tabs.Panel value="decided" pt="sm">
          <AccountRequestsList customerId={account.id} state="decided" />
        </Tabs.Panel>
      </Tabs>
      <EmailDomainsSection customerId={account.id} options={options.data} />
    </Stack>
  );
}
