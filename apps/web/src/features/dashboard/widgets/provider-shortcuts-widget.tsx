import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { providerLinks } from '../../../lib/routing/links';
import { WidgetCard } from '../components/widget-card';
import type { OpenWidgetProps } from './widget-types';

const SHORTCUTS = [
  {
    id: 'services',
    to: providerLinks.services(),
    label: 'titles.services',
    hint: 'dashboard.providerServicesHint',
  },
  {
    id: 'customers',
    to: providerLinks.customers(),
    label: 'titles.customers',
    hint: 'dashboard.providerCustomersHint',
  },
  { id: 'users', to: providerLinks.users(), label: 'titles.users', hint: 'dashboard.providerUsersHint' },
] as const;

/** Provider staff's administration screens, which need no customer account. */
export function ProviderShortcutsWidget({ title }: OpenWidgetProps) {
  const { t } = useTranslation();
  return (
    <WidgetCard title={title}>
      {() => (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {SHORTCUTS.map((shortcut) => (
            <li key={shortcut.id}>
              <Anchor component={Link} to={shortcut.to} fw={600}>
                {t(shortcut.label)}
              </Anchor>
              <Text size="sm" c="dimmed">
                {t(shortcut.hint)}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </WidgetCard>
  );
}
