import type { ComponentType } from 'react';
import type { PermissionPrefix } from '@service-hub/contracts';

export type AccountWidgetProps = { title: string; accountId: number };
export type OpenWidgetProps = { title: string };

type Common = {
  id: string;
  /** Translation key of the widget's heading. */
  title: string;
  /** Takes the whole width on wide windows. */
  wide?: boolean;
};

/**
 * One dashboard widget. An account widget shows only when the active account grants its service
 * (the same rule as the service's routes; its calls are account-scoped on the server too).
 */
export type DashboardWidget =
  | (Common & { audience: { service: PermissionPrefix }; Component: ComponentType<AccountWidgetProps> })
  | (Common & { audience: 'provider' | 'everyone'; Component: ComponentType<OpenWidgetProps> });
