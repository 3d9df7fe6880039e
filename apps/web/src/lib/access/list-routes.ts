import type { RouteDefinition } from '../routing/route-definition';

/** Every concrete path of a route tree (index routes as their parent's path), for tests and docs. */
export function listRoutePaths(tree: readonly RouteDefinition[], base = ''): string[] {
  return tree.flatMap((route) => {
    if (route.index) return [base || '/'];
    const path = route.path?.startsWith('/') ? route.path : `${base}/${route.path ?? ''}`;
    return [path, ...listRoutePaths(route.children ?? [], path)];
  });
}
