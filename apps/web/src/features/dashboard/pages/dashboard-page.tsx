import { Badge, Card, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PERMISSION_PREFIXES, type PermissionPrefix } from '@service-hub/contracts';
import { ResponsiveTable } from '../../../components/ui/responsive-table';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { ACTIVE_ACCOUNT_PARAM, useActiveAccount } from '../../../lib/session/active-account';
import { useCurrentUser } from '../../../lib/session/current-user';
import { WidgetBoundary } from '../components/widget-boundary';
import { visibleWidgets } from '../widgets/visible-widgets';
import { DASHBOARD_WIDGETS } from '../widgets/widget-list';

/** Each service's page in the Hub (the external ones lead to /external when not configured). */
const SERVICE_PAGES: Record<PermissionPrefix, string> = {
  STT: '/tracking',
  ETS: '/edi-tracking',
  SUP: '/support',
  EC: '/edi-connect',
  WOD: '/wod',
  AI: '/ai',
  IBF: '/ibf',
  EA: '/ea',
  LIT: '/lit',
  JIR: '/jir',
};

/**
 * The landing page: who is signed in and for which account, the widgets this user may use there
 * (each with its own loading, empty and error state), then the account's services and accounts.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const { account } = useActiveAccount();
  const config = useRuntimeConfig();
  if (!user) return null;
  const widgets = visibleWidgets(DASHBOARD_WIDGETS, user, account?.id ?? null);
  const prefixes = new Set(
    user.customerUserPermissions.filter((p) => p.customerId === account?.id).map((p) => p.permission.prefix),
  );
  const services = PERMISSION_PREFIXES.filter((prefix) => prefixes.has(prefix));
  const accountSearch =
    account && config.useAuthService === 0 ? `?${ACTIVE_ACCOUNT_PARAM}=${account.id}` : '';

  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={1}>{t('dashboard.greeting', { name: user.firstName })}</Title>
        <Text c="dimmed">
          {account && t('dashboard.actingFor', { account: account.name, number: account.customerNumber })}
        </Text>
      </div>

      <Grid gap="md">
        {widgets.map((widget) => {
          const title = t(widget.title);
          return (
            <Grid.Col key={widget.id} span={{ base: 12, md: widget.wide ? 12 : 6 }}>
              <WidgetBoundary title={title}>
                {typeof widget.audience === 'object' ? (
                  account && <widget.Component title={title} accountId={account.id} />
                ) : (
                  <widget.Component title={title} />
                )}
              </WidgetBoundary>
            </Grid.Col>
          );
        })}
      </Grid>

      {account && (
        <section aria-labelledby="dashboard-services">
          <Title order={2} size="h3" id="dashboard-services" mb="sm">
            {t('dashboard.services')}
          </Title>
          {services.length === 0 ? (
            <Text>{t('dashboard.noServices')}</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
              {services.map((prefix) => {
                const content = (
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={600} c="blue.8">
                      {t(`services.${prefix}`)}
                    </Text>
                    {/* Never squeezed to "S…": the short name is how support refers to the service. */}
                    <Badge variant="light" style={{ flexShrink: 0 }}>
                      {prefix}
                    </Badge>
                  </Group>
                );
                // A configured external service opens straight at its address.
                const external = config.externalServices[prefix];
                return external ? (
                  <Card key={prefix} withBorder padding="md" component="a" href={external}>
                    {content}
                  </Card>
                ) : (
                  <Card
                    key={prefix}
                    withBorder
                    padding="md"
                    component={Link}
                    to={`${SERVICE_PAGES[prefix]}${accountSearch}`}
                  >
                    {content}
                  </Card>
                );
              })}
            </SimpleGrid>
          )}
        </section>
      )}

      {user.customers.length > 0 && (
        <section aria-labelledby="dashboard-accounts">
          <Title order={2} size="h3" id="dashboard-accounts" mb="sm">
            {t('dashboard.accounts')}
          </Title>
          <ResponsiveTable
            rows={user.customers}
            rowKey={(customer) => customer.id}
            columns={[
              { key: 'name', header: t('dashboard.accountName'), cell: (customer) => customer.name },
              {
                key: 'number',
                header: t('dashboard.accountNumber'),
                cell: (customer) => customer.customerNumber,
              },
              {
                key: 'market',
                header: t('dashboard.market'),
                cell: (customer) => t(`common.markets.${customer.market}`),
              },
            ]}
          />
        </section>
      )}
    </Stack>
  );
}
