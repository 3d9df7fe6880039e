import { Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PERMISSION_PREFIXES } from '@service-hub/contracts';
import { useActiveAccount } from '../../../lib/session/active-account';
import { useCurrentUser } from '../../../lib/session/current-user';

/** The landing page: who is signed in, for which account, and the services they can use there. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const { account: activeAccount } = useActiveAccount();
  if (!user) return null;
  const account = activeAccount;
  const prefixes = new Set(
    user.customerUserPermissions.filter((p) => p.customerId === account?.id).map((p) => p.permission.prefix),
  );
  const services = PERMISSION_PREFIXES.filter((prefix) => prefixes.has(prefix));

  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1}>{t('dashboard.greeting', { name: user.firstName })}</Title>
        {account && (
          <Text c="dimmed">
            {t('dashboard.actingFor', { account: account.name, number: account.customerNumber })}
          </Text>
        )}
      </div>

      <section aria-labelledby="dashboard-services">
        <Title order={2} size="h3" id="dashboard-services" mb="sm">
          {t('dashboard.services')}
        </Title>
        {services.length === 0 ? (
          <Text>{t('dashboard.noServices')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
            {services.map((prefix) => (
              <Card key={prefix} withBorder padding="md">
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600}>{t(`services.${prefix}`)}</Text>
                  <Badge variant="light">{prefix}</Badge>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </section>

      <section aria-labelledby="dashboard-accounts">
        <Title order={2} size="h3" id="dashboard-accounts" mb="sm">
          {t('dashboard.accounts')}
        </Title>
        <Table.ScrollContainer minWidth={320}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('dashboard.accountName')}</Table.Th>
                <Table.Th scope="col">{t('dashboard.accountNumber')}</Table.Th>
                <Table.Th scope="col">{t('dashboard.market')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {user.customers.map((customer) => (
                <Table.Tr key={customer.id}>
                  <Table.Td>{customer.name}</Table.Td>
                  <Table.Td>{customer.customerNumber}</Table.Td>
                  <Table.Td>{t(`common.markets.${customer.market}`)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </section>
    </Stack>
  );
}
