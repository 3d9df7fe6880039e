import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import type { RouteHandle } from './route-definition';

/** The current route's title parts joined by a middle dot, as the page heading shows them. */
export function useRouteTitle(): string {
  const { t } = useTranslation();
  const parts = useMatches().flatMap((m) => (m.handle as RouteHandle | undefined)?.title ?? []);
  return parts.length ? parts.map((key) => t(key)).join(' · ') : t('app.title');
}
