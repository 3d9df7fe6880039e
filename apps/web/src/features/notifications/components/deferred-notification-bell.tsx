import { deferred } from '../../../components/ui/deferred/deferred';
import { NotificationBellPlaceholder } from './notification-bell-button';

/** The bell's list and live stream load right after the first paint; the count shows at once. */
export const NotificationBell = deferred<object>(
  () => import('./notification-bell').then((chunk) => chunk.NotificationBell),
  NotificationBellPlaceholder,
);
