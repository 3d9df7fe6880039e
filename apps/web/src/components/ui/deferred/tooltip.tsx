import type { TooltipProps } from '@mantine/core';
import { deferred } from './deferred';

/**
 * Mantine's Tooltip, loaded after the first paint: a tooltip only repeats a name for pointer users,
 * and its positioning library is the largest part of the frame's overlays. Until then the target
 * renders alone.
 */
export const DeferredTooltip = deferred<TooltipProps>(
  () => import('./tooltip-chunk').then((chunk) => chunk.Tooltip),
  ({ children }) => children,
);
