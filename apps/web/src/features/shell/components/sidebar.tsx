import { Badge, Box, Divider, Indicator, NavLink, Stack, VisuallyHidden } from '@mantine/core';
import {
  IconAdjustments,
  IconArchive,
  IconBell,
  IconBuildingStore,
  IconBuildingSkyscraper,
  IconChartBar,
  IconCode,
  IconFileInvoice,
  IconHeadset,
  IconLayoutDashboard,
  IconMail,
  IconMessages,
  IconPlugConnected,
  IconRoute,
  IconSettings,
  IconTicket,
  IconTruckDelivery,
  IconUserPlus,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';
import { EXTERNAL_SERVICES } from '@service-hub/contracts';
import type { SidebarItem } from '../sidebar-items';
import { shellLinks } from '../shell-links';
import { DeferredTooltip } from '../../../components/ui/deferred/tooltip';

const ICONS: Record<string, Icon> = {
  dashboard: IconLayoutDashboard,
  tracking: IconRoute,
  ediTracking: IconTruckDelivery,
  support: IconHeadset,
  wod: IconMail,
  ai: IconMessages,
  ibf: IconFileInvoice,
  ea: IconArchive,
  lit: IconBuildingStore,
  jir: IconTicket,
  reports: IconChartBar,
  alerts: IconBell,
  accountSettings: IconSettings,
  accessRequests: IconUserPlus,
  developer: IconCode,
  ediConnect: IconPlugConnected,
  administration: IconAdjustments,
  customers: IconBuildingSkyscraper,
  users: IconUsers,
};

export type SidebarProps = {
  items: readonly SidebarItem[];
  collapsed: boolean;
  /** Appended to every link (the active account), so the address always carries it. */
  search: string;
  onNavigate: () => void;
  /**
   * Numbers shown beside entries, by entry id (the open alerts beside Alerts); nothing for 0 or
   * none. Each id with a number needs its plural texts under `shell.sidebar.counts.<id>`.
   */
  counts?: Partial<Record<string, number>>;
};

/** A count as a badge: white on the darkest red, readable (4.5:1) at its small size. */
const COUNT_COLOR = 'red.9';

/** The sidebar: service entries, a divider, then reports, settings and administration. */
export function Sidebar({ items, collapsed, search, onNavigate, counts }: SidebarProps) {
  const { t } = useTranslation();
  const location = useLocation();
  // /wod and its kin redirect to /external?service=…, where their entry is the current one.
  const openExternal =
    location.pathname === shellLinks.external() ? new URLSearchParams(location.search).get('service') : null;
  const services = items.filter((item) => item.group === 'services');
  const manage = items.filter((item) => item.group === 'manage');
  const render = (item: SidebarItem) => {
    const ItemIcon = ICONS[item.id] ?? IconLayoutDashboard;
    const label = t(item.label);
    const service = item.id.toUpperCase();
    const isExternal = (EXTERNAL_SERVICES as readonly string[]).includes(service);
    const current = isExternal && openExternal === service;
    const count = counts?.[item.id] ?? 0;
    // The number is drawn as a badge and said in words ("3 open alerts") as part of the link's name.
    const countText = count > 0 ? t(`shell.sidebar.counts.${item.id}`, { count }) : undefined;
    const name = countText ? `${label}, ${countText}` : label;
    const icon = <ItemIcon size={20} stroke={1.6} aria-hidden />;
    const link = (
      <NavLink
        key={item.id}
        // The router's NavLink only knows paths; an external entry's state comes from the query.
        component={isExternal ? Link : RouterNavLink}
        active={current}
        aria-current={current ? 'page' : undefined}
        to={`${item.path}${search}`}
        label={collapsed ? undefined : label}
        // Icons only: the name is all there is. It holds the badge's digits too, as the name of a
        // link must hold the text it shows (WCAG 2.5.3).
        aria-label={collapsed ? name : undefined}
        leftSection={
          collapsed && count > 0 ? (
            <Indicator label={count} size={16} color={COUNT_COLOR} offset={2}>
              {icon}
            </Indicator>
          ) : (
            icon
          )
        }
        rightSection={
          !collapsed &&
          countText && (
            <>
              <Badge size="sm" color={COUNT_COLOR} circle={count < 10} aria-hidden>
                {count}
              </Badge>
              <VisuallyHidden>{countText}</VisuallyHidden>
            </>
          )
        }
        onClick={onNavigate}
        variant="light"
      />
    );
    return collapsed ? (
      <DeferredTooltip key={item.id} label={name} position="right" withArrow>
        {link}
      </DeferredTooltip>
    ) : (
      link
    );
  };
  return (
    // The browser's own scrolling: a custom scroll area would add its code to every page's first load.
    <Box component="nav" aria-label={t('shell.sidebar.label')} h="100%" style={{ overflowY: 'auto' }}>
      <Stack gap={2} p="xs">
        {services.map(render)}
        {services.length > 0 && manage.length > 0 && <Divider my="xs" role="separator" />}
        {manage.map(render)}
      </Stack>
    </Box>
  );
}
