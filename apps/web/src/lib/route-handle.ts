/** What a route declares about itself in `handle` (read with `useMatches`). */
export type RouteHandle = {
  /** Translation keys of the title parts, outermost first. */
  title?: readonly string[];
};
