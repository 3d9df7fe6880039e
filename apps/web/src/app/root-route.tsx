import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { usePageTitle } from '../lib/routing/page-title';

/** Keeps the tab title in step with the route and the language: "Part · Part · Service Hub". */
export function RootRoute() {
  const { tabTitle } = usePageTitle();
  useEffect(() => {
    document.title = tabTitle;
  }, [tabTitle]);
  return <Outlet />;
}
