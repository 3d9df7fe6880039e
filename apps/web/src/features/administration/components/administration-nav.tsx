import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { administrationLinks, type AdministrationTab } from '../administration-links';

const TABS: readonly { tab: AdministrationTab; label: string }[] = [
  { tab: 'services', label: 'titles.services' },
  { tab: 'api-keys', label: 'titles.apiKeys' },
  { tab: 'status', label: 'titles.statusNotices' },
];

/** The administration's lists: services, the keys of production systems, the status page's notices. */
export function AdministrationNav({ active }: { active: AdministrationTab }) {
  const { t } = useTranslation();
  return (
    <Group component="nav" aria-label={t('titles.administration')} gap="xs">
      {TABS.map(({ tab, label }) => (
        <Button
          key={tab}
          component={Link}
          to={administrationLinks.tab(tab)}
          variant={tab === active ? 'light' : 'subtle'}
          aria-current={tab === active ? 'page' : undefined}
        >
          {t(label)}
        </Button>
      ))}
    </Group>
  );
}
