import { Group, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { Redirect } from '../../../components/ui/redirect';
import { LoadingPage } from '../../../components/ui/loading-page';
import { MarketFlag } from '../../../components/ui/market-flag';
import { showToast } from '../../../lib/feedback/toasts';
import { useEntityTitle } from '../../../lib/routing/page-title';
import { getCustomerQueryOptions } from '../api/get-customer';
import { CUSTOMER_TABS, customersLinks, type CustomerTab } from '../customers-links';

const TAB_TITLES: Record<CustomerTab, string> = {
  overview: 'titles.overview',
  users: 'titles.users',
  'service-access': 'titles.serviceAccess',
  security: 'titles.security',
};

/**
 * Entering /customers/{id} (spec 2): the customer is loaded first; when it cannot be loaded the
 * user goes back to the customer list with the reason. The address decides which customer is
 * shown: a customer loaded earlier is replaced ("Selected Customer needs to be reloaded to state").
 * Each tab has its own address.
 */
export function CustomerLayout() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const customerId = /^\d+$/.test(id ?? '') ? Number(id) : null;
  const customer = useQuery({ ...getCustomerQueryOptions(customerId ?? 0), enabled: customerId !== null });
  const failed = customerId === null || customer.isError;
  // Its tabs are headed and titled with the customer's name.
  useEntityTitle('customers.customer', customer.data ? { text: customer.data.name } : undefined);

  useEffect(() => {
    if (failed) showToast({ appearance: 'warning', message: 'shell.customer.loadFailed' });
  }, [failed]);

  if (failed) return <Redirect to={customersLinks.list()} replace />;
  if (customer.isPending) return <LoadingPage />;
  const active = CUSTOMER_TABS.find((tab) => pathname.split('/')[3] === tab) ?? 'overview';
  const data = customer.data;
  return (
    <Stack>
      <Group gap="xs">
        <span aria-hidden>
          <MarketFlag market={data.market} label={t(`common.markets.${data.market}`)} />
        </span>
        <Text c="dimmed" size="sm">
          {data.customerNumber} · {t(`common.markets.${data.market}`)}
        </Text>
      </Group>
      <Tabs
        value={active}
        onChange={(tab) => tab && void navigate(customersLinks.customer(data.id, tab as CustomerTab))}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('customers.tabs', { name: data.name })}>
          {CUSTOMER_TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {t(TAB_TITLES[tab])}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={active} pt="md">
          <Outlet context={data} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
