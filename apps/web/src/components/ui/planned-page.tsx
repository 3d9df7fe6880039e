import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import type { RouteHandle } from '../../lib/routing/route-definition';

/**
 * The screen of a route whose feature is not built yet: its title and access rules only, never
 * made-up data. Each feature replaces it with its real page.
 */
export default function PlannedPage() {
  const { t } = useTranslation();
  const parts = useMatches().flatMap((m) => (m.handle as RouteHandle | undefined)?.title ?? []);
  const title = parts.length ? parts.map((key) => t(key)).join(' · ') : t('app.title');
  return <Title order={1}>{title}</Title>;
}
