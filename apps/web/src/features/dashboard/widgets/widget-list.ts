import { AttentionDocumentsWidget } from './attention-documents-widget';
import { EdiProblemsWidget } from './edi-problems-widget';
import { ProviderShortcutsWidget } from './provider-shortcuts-widget';
import { RecentReportsWidget } from './recent-reports-widget';
import { ReleaseNotesWidget } from './release-notes-widget';
import { SupportWaitingWidget } from './support-waiting-widget';
import { TrackingSummaryWidget } from './tracking-summary-widget';
import type { DashboardWidget } from './widget-types';

/**
 * The dashboard's widgets in page order. A new widget is one entry: its heading, who sees it (a
 * service of the active account, provider staff, or everyone) and its component.
 */
export const DASHBOARD_WIDGETS: readonly DashboardWidget[] = [
  {
    id: 'tracking',
    title: 'dashboard.trackingTitle',
    audience: { service: 'STT' },
    wide: true,
    Component: TrackingSummaryWidget,
  },
  {
    id: 'attention',
    title: 'dashboard.attentionTitle',
    audience: { service: 'STT' },
    Component: AttentionDocumentsWidget,
  },
  {
    id: 'ediProblems',
    title: 'dashboard.ediTitle',
    audience: { service: 'ETS' },
    Component: EdiProblemsWidget,
  },
  {
    id: 'support',
    title: 'dashboard.supportTitle',
    audience: { service: 'SUP' },
    Component: SupportWaitingWidget,
  },
  {
    id: 'reports',
    title: 'dashboard.reportsTitle',
    audience: { service: 'STT' },
    Component: RecentReportsWidget,
  },
  {
    id: 'administration',
    title: 'dashboard.providerTitle',
    audience: 'provider',
    Component: ProviderShortcutsWidget,
  },
  {
    id: 'releaseNotes',
    title: 'dashboard.releaseNotesTitle',
    audience: 'everyone',
    Component: ReleaseNotesWidget,
  },
];
