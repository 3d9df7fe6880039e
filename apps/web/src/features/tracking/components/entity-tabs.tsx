import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';

export type EntityTab<T extends string> = { path: T; label: string };

/**
 * Tabs whose panels are routes (/tracking/files/{id}/status-log …): the address names the tab,
 * so a link opens it and back and forward move between tabs; the query (the account) stays.
 * Every tab has its panel (the current one holds the page), so each tab's aria-controls resolves.
 */
export function EntityTabs<T extends string>({
  linkTo,
  tabs,
  label,
  children,
}: {
  /** The address of a tab (the query is kept apart). */
  linkTo: (tab: T) => string;
  tabs: readonly EntityTab<T>[];
  label: string;
  children: ReactNode;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const current = tabs.find((tab) => location.pathname.endsWith(`/${tab.path}`))?.path ?? null;
  return (
    <Tabs
      value={current}
      onChange={(value) => value && navigate({ pathname: linkTo(value as T), search: location.search })}
    >
      <Tabs.List aria-label={label}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.path} value={tab.path}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.path} value={tab.path} pt="md">
          {tab.path === current ? children : null}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
