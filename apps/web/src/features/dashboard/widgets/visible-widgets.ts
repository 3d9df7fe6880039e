import type { TCurrentUser } from '@service-hub/contracts';
import { meetsRequirement, permissionsFor, rolesOf } from '../../../lib/access/route-access';
import type { DashboardWidget } from './widget-types';

/**
 * The widgets this user may see in the active account: a service widget needs the service there
 * (the routes' rule, READ_ALL included for STT and ETS), the administration one provider staff.
 */
export function visibleWidgets(
  widgets: readonly DashboardWidget[],
  user: TCurrentUser,
  activeAccountId: number | null,
): DashboardWidget[] {
  const isProvider = rolesOf(user).includes('SF_ADMIN');
  const permissions = permissionsFor(
    { activeAccount: true },
    { user, activeAccountId, environment: '', hostname: '' },
  );
  return widgets.filter((widget) => {
    if (widget.audience === 'everyone') return true;
    if (widget.audience === 'provider') return isProvider;
    return activeAccountId !== null && meetsRequirement(widget.audience.service, permissions, user);
  });
}
