import { MOBILE_SIDEBAR_BREAKPOINT_PX } from '@service-hub/contracts';

/**
 * Up to this width (and above the mobile breakpoint) the sidebar shows icons only by default:
 * at its full 260 px it would leave the page too little room.
 */
export const SIDEBAR_ICONS_MAX_PX = 700;

/** Mid-size windows and wide ones each remember their own choice. */
export type SidebarRange = 'mid' | 'wide';

export const sidebarRangeOf = (width: number): SidebarRange | 'mobile' =>
  width <= MOBILE_SIDEBAR_BREAKPOINT_PX ? 'mobile' : width <= SIDEBAR_ICONS_MAX_PX ? 'mid' : 'wide';

const storageKey = (range: SidebarRange) => `sidebarCollapsed.${range}`;

/** Whether the sidebar is collapsed to icons: the user's last choice in this range, else the default. */
export function readSidebarCollapsed(storage: Pick<Storage, 'getItem'>, range: SidebarRange): boolean {
  const stored = storage.getItem(storageKey(range));
  return stored === null ? range === 'mid' : stored === 'true';
}

/** Remembers the user's choice for this range across reloads (spec 3: main.expandSidebar). */
export function storeSidebarCollapsed(
  storage: Pick<Storage, 'setItem'>,
  range: SidebarRange,
  collapsed: boolean,
) {
  storage.setItem(storageKey(range), String(collapsed));
}
