import { Box, Divider, NavLink, Stack } from '@mantine/core';
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
};

/** The sidebar: service entries, a divider, then reports, settings and administration. */
export function Sidebar({ items, collapsed, search, onNavigate }: SidebarProps) {
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
    const link = (
      <NavLink
        key={item.id}
        // The router's NavLink only knows paths; an external entry's state comes from the query.
        component={isExternal ? Link : RouterNavLink}
        active={current}
        aria-current={current ? 'page' : undefined}
        to={`${item.path}${search}`}
        label={collapsed ? undefined : label}
        aria-label={collapsed ? label : undefined}
        leftSection={<ItemIcon size={20} stroke={1.6} aria-hidden />}
        onClick={onNavigate}
        variant="light"
      />
    );
    return collapsed ? (
      <DeferredTooltip key={item.id} label={label} position="right" withArrow>
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
