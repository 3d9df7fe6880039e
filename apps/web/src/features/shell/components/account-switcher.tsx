import { Badge, Group, Menu, Stack, Text, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TCustomerSummary } from '@service-hub/contracts';
import { MarketFlag } from '../../../components/ui/market-flag';
import type { OpenOnLoad } from '../../../components/ui/deferred/deferred';
import { AccountSwitcherButton } from './account-switcher-button';

export type AccountGroup = { name: string; accounts: TCustomerSummary[] };

/** Accounts grouped by name and sorted by name (spec 2). */
export function groupAccounts(accounts: readonly TCustomerSummary[]): AccountGroup[] {
  const groups = new Map<string, TCustomerSummary[]>();
  for (const account of [...accounts].sort(
    (a, b) => a.name.localeCompare(b.name) || a.customerNumber.localeCompare(b.customerNumber),
  )) {
    groups.set(account.name, [...(groups.get(account.name) ?? []), account]);
  }
  return [...groups].map(([name, list]) => ({ name, accounts: list }));
}

export type AccountSwitcherProps = {
  accounts: readonly TCustomerSummary[];
  active: TCustomerSummary;
  onSelect: (account: TCustomerSummary) => void;
  /** Provider administrators see a hint and may remove their access to accounts. */
  isProviderAdmin: boolean;
  onRemoveAccess: (account: TCustomerSummary) => void;
  /** The current page does not use the active account. */
  notApplicable: boolean;
  /** A row of its own on phones: name and number stay readable instead of shrinking away. */
  fullWidth?: boolean;
};

/** The active-account dropdown of the header. Loaded after the first paint. */
export function AccountSwitcher({
  accounts,
  active,
  onSelect,
  isProviderAdmin,
  onRemoveAccess,
  notApplicable,
  fullWidth = false,
  openOnLoad,
}: AccountSwitcherProps & OpenOnLoad) {
  const { t } = useTranslation();
  const groups = groupAccounts(accounts);
  // A single group is no choice: nothing to remove then.
  const canRemove = isProviderAdmin && groups.length > 1;
  const market = (code: TCustomerSummary['market']) => t(`common.markets.${code}`);

  const trigger = <AccountSwitcherButton active={active} fullWidth={fullWidth} />;

  return (
    <Menu
      position="bottom-start"
      width={fullWidth ? 'target' : 340}
      shadow="md"
      withinPortal
      defaultOpened={openOnLoad}
    >
      <Menu.Target>
        {notApplicable ? (
          <Tooltip label={t('shell.activeAccount.notApplicable')} withArrow>
            {trigger}
          </Tooltip>
        ) : (
          trigger
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('shell.activeAccount.title')}</Menu.Label>
        {isProviderAdmin && (
          <Text size="xs" c="dimmed" px="sm" pb="xs">
            {t('shell.activeAccount.providerHint', { max: 10 })}
          </Text>
        )}
        {groups.map((group) =>
          group.accounts.map((account) => {
            const isActive = account.id === active.id;
            return (
              <Group key={account.id} gap={4} wrap="nowrap">
                <Menu.Item
                  onClick={() => onSelect(account)}
                  leftSection={<MarketFlag market={account.market} label={market(account.market)} />}
                  bg={isActive ? 'var(--mantine-primary-color-light)' : undefined}
                  aria-current={isActive ? 'true' : undefined}
                  style={{ flex: 1 }}
                >
                  <Stack gap={0}>
                    <Text size="sm" fw={isActive ? 700 : 400}>
                      {account.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {account.customerNumber}
                      {isActive && (
                        <Badge size="xs" ml={6} variant="light">
                          {t('shell.activeAccount.current')}
                        </Badge>
                      )}
                    </Text>
                  </Stack>
                </Menu.Item>
                {canRemove && (
                  // A menu may only hold menu items (WAI-ARIA), so removal is one too: reached
                  // with the arrow keys like the accounts.
                  <Tooltip label={t('shell.activeAccount.removeAccess')}>
                    <Menu.Item
                      color="red"
                      w="auto"
                      aria-label={t('shell.activeAccount.removeAccessFrom', {
                        name: account.name,
                        number: account.customerNumber,
                      })}
                      onClick={() => onRemoveAccess(account)}
                    >
                      <IconX size={16} aria-hidden />
                    </Menu.Item>
                  </Tooltip>
                )}
              </Group>
            );
          }),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
