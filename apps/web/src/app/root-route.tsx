import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import type { RouteHandle } from '../lib/routing/route-definition';

/** Keeps the tab title in step with the route and the language: "Part · Part · Service Hub". */
export function RootRoute() {
  const matches = useMatches();
  const { t, i18n } = useTranslation();
  const parts = matches.flatMap((match) => (match.handle as RouteHandle | undefined)?.title ?? []);
  const title = [...parts.map((key) => t(key)), t('app.title')].join(' · ');
  useEffect(() => {
    document.title = title;
  }, [title, i18n.language]);
  return <Outlet />;
}
