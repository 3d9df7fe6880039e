import { Button, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCustomerSummary } from '@service-hub/contracts';
import { MarketFlag } from '../../../components/ui/market-flag';

export type AccountSwitcherButtonProps = {
  active: TCustomerSummary;
  /** A row of its own on phones: name and number stay readable instead of shrinking away. */
  fullWidth?: boolean;
} & ComponentPropsWithRef<'button'>;

/** The active account's button, also shown alone until the dropdown's code has loaded. */
export function AccountSwitcherButton({ active, fullWidth = false, ...button }: AccountSwitcherButtonProps) {
  const { t } = useTranslation();
  const market = t(`common.markets.${active.market}`);
  return (
    <Button
      variant="default"
      size="sm"
      rightSection={<IconChevronDown size={14} aria-hidden />}
      leftSection={<MarketFlag market={active.market} label={market} />}
      aria-label={t('shell.activeAccount.label', { name: active.name, number: active.customerNumber })}
      fullWidth={fullWidth}
      maw={fullWidth ? undefined : { base: 160, sm: 320 }}
      // The name gives way (truncated) before the number and the chevron do.
      styles={fullWidth ? { label: { flex: 1, minWidth: 0 } } : undefined}
      {...button}
    >
      <Text span size="sm" truncate>
        {active.name}
      </Text>
      {/* In parentheses as in the accessible name, which must contain the visible text (WCAG 2.5.3). */}
      <Text
        span
        size="xs"
        c="dimmed"
        ml={6}
        visibleFrom={fullWidth ? undefined : 'md'}
        style={{ flexShrink: 0 }}
      >
        ({active.customerNumber})
      </Text>
    </Button>
  );
}
