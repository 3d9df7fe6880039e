import type { RouteHandle } from './route-definition';
import { appLinks } from './links';

type MatchLike = { pathname: string; handle?: unknown };

/**
 * The top page of the section the user is in (spec 2: switching accounts goes there): the
 * deepest matched route marked topLevel, else the nearest fallback (detail pages point to their
 * list), else the current page.
 */
export function topPageOf(matches: readonly MatchLike[]): string {
  const handles = matches.map((m) => ({ pathname: m.pathname, handle: m.handle as RouteHandle | undefined }));
  const top = [...handles].reverse().find((m) => m.handle?.topLevel);
  if (top) return top.pathname;
  const fallback = [...handles].reverse().find((m) => m.handle?.fallback)?.handle?.fallback;
  return fallback ?? handles[handles.length - 1]?.pathname ?? appLinks.dashboard();
}
