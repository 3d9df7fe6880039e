import { matchRoutes } from 'react-router';
import {
  effectiveRoles,
  holdsServicePermission,
  type Role,
  type StoredRole,
  type TCurrentUser,
  type TUserPermission,
} from '@service-hub/contracts';
import type { HandleChain, Requirement, RouteDefinition, RouteHandle } from '../routing/route-definition';
import { appLinks } from '../routing/links';

/** What the access rules look at: the user, the active account and where the app runs. */
export type AccessSubject = {
  user: TCurrentUser | null | undefined;
  activeAccountId: number | null;
  /** Server environment name from the runtime configuration. */
  environment: string;
  hostname: string;
};

export class RouteAccessError extends Error {}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** Rule 1: an environment-restricted route needs localhost or the listed server environment. */
export function isEnvironmentAllowed(
  handle: RouteHandle,
  subject: Pick<AccessSubject, 'environment' | 'hostname'>,
) {
  if (!handle.environments?.length) return true;
  return handle.environments.some((env) =>
    env === 'localhost' ? LOCAL_HOSTS.has(subject.hostname) : env === subject.environment,
  );
}

/** The user's roles with the server's administrator names mapped to ADMIN (spec 6). */
export function rolesOf(user: TCurrentUser): Role[] {
  const stored = user.roles.map((r) => r.name).filter((r): r is StoredRole => r !== 'ADMIN');
  return [...new Set([...effectiveRoles(stored), ...user.roles.map((r) => r.name)])];
}

/** Rule 2: at least one of the route's roles. */
export function hasRole(handle: RouteHandle, user: TCurrentUser): boolean {
  if (!handle.roles?.length) return true;
  const roles = rolesOf(user);
  return handle.roles.some((role) => roles.includes(role));
}

/** The permissions that count for a route: the active account's for account routes, else the user's. */
export function permissionsFor(handle: RouteHandle, subject: AccessSubject): TUserPermission[] {
  const user = subject.user;
  if (!user) return [];
  if (!handle.activeAccount) return user.permissions;
  return user.customerUserPermissions
    .filter((p) => p.customerId === subject.activeAccountId)
    .map((p) => p.permission);
}

/**
 * Rule 3 for one requirement: a permission with that prefix. ETS and STT also need the legacy
 * read-all role on edi-tracking-service and stt-appapi-client. An unknown requirement is not met.
 */
export function meetsRequirement(
  requirement: Requirement | string,
  permissions: readonly TUserPermission[],
  user: TCurrentUser,
): boolean {
  switch (requirement) {
    case 'account.view-profile':
      return user.customers.length > 0;
    case 'ETS':
    case 'STT':
    case 'WOD':
    case 'AI':
    case 'IBF':
    case 'EA':
    case 'SUP':
    case 'LIT':
    case 'JIR':
    case 'EC':
      return holdsServicePermission(requirement, permissions);
    default:
      return false;
  }
}

/** All rules for one route's flags. Throws when the user is needed but not loaded (spec 8). */
export function isHandleAllowed(handle: RouteHandle | undefined, subject: AccessSubject): boolean {
  if (!handle) return true;
  if (handle.hide) return false;
  if (!isEnvironmentAllowed(handle, subject)) return false;
  const needsUser = Boolean(handle.roles?.length || handle.requires?.length || handle.activeAccount);
  if (!needsUser) return true;
  const user = subject.user;
  if (!user) throw new RouteAccessError('User not loaded');
  if (!hasRole(handle, user)) return false;
  if (handle.activeAccount && subject.activeAccountId === null) return false;
  if (handle.requires?.length) {
    const permissions = permissionsFor(handle, subject);
    if (!handle.requires.some((r) => meetsRequirement(r, permissions, user))) return false;
  }
  return true;
}

/**
 * A chain of matched routes is allowed when every route on it is; the account flag of an outer
 * route applies to its children.
 */
export function isChainAllowed(chain: HandleChain, subject: AccessSubject): boolean {
  let activeAccount = false;
  return chain.every((handle) => {
    activeAccount ||= Boolean(handle?.activeAccount);
    return isHandleAllowed(
      handle && { ...handle, activeAccount: activeAccount || handle.activeAccount },
      subject,
    );
  });
}

/** Whether any route of the chain uses the active account. */
export function chainUsesActiveAccount(chain: HandleChain): boolean {
  return chain.some((handle) => handle?.activeAccount);
}

type Match = { route: RouteDefinition; pathnameBase: string };

/**
 * The matches of each path, per route tree. React Router's matchRoutes flattens and ranks the
 * whole tree at each call; the sidebar resolves each of its items at each render, which kept a
 * phone's processor busy for a quarter of a second per page. The trees are the app's constants.
 */
const matchesByTree = new WeakMap<RouteDefinition[], Map<string, Match[] | null>>();
/** Paths remembered per tree before starting afresh (paths with ids are endless in principle). */
const REMEMBERED_PATHS = 500;

/** The routes a path matches, outermost first (React Router's matchRoutes, remembered). */
export function matchChain(tree: RouteDefinition[], pathname: string): Match[] | null {
  let known = matchesByTree.get(tree);
  if (!known || known.size >= REMEMBERED_PATHS) {
    known = new Map();
    matchesByTree.set(tree, known);
  }
  if (!known.has(pathname)) {
    known.set(pathname, matchRoutes(candidateRoutes(tree, pathname) as never, pathname) as Match[] | null);
  }
  return known.get(pathname)!;
}

const candidatesByTree = new WeakMap<RouteDefinition[], Map<string, RouteDefinition[]>>();

/**
 * The top-level routes that can match a path: those under its first segment, and those whose own
 * first segment is not a fixed word (none, a parameter, a splat, optional). Each new path then
 * flattens and ranks one section of the table instead of all of it: on a phone the first page's
 * sidebar (a dozen paths) cost a fifth of a second. Matching ignores case, as React Router's does.
 */
function candidateRoutes(tree: RouteDefinition[], pathname: string): RouteDefinition[] {
  // A redirect's target may carry a query (/external?service=WOD).
  const path = pathname.split(/[?#]/)[0] ?? '';
  const first = (path.split('/').find(Boolean) ?? '').toLowerCase();
  let bySegment = candidatesByTree.get(tree);
  if (!bySegment) {
    bySegment = new Map();
    candidatesByTree.set(tree, bySegment);
  }
  let routes = bySegment.get(first);
  if (!routes) {
    routes = tree.filter((route) => {
      const head = (route.path ?? '').split('/').find(Boolean)?.toLowerCase() ?? '';
      return head === first || head === '' || /[:*?]/.test(head);
    });
    bySegment.set(first, routes);
  }
  return routes;
}

function joinPath(base: string, segment: string): string {
  if (segment.startsWith('/')) return segment;
  return `${base.replace(/\/$/, '')}/${segment}`;
}

/**
 * Where a navigation to `pathname` ends (spec 2 and 6): the path itself when allowed; otherwise
 * the first allowed child of its parent, else a fallback route, else /dashboard. Unknown or hidden
 * paths go to /not-found. Redirecting index routes are followed. Null: nothing at all is allowed
 * (not even the dashboard), which the caller shows as a refusal instead of redirecting in a loop.
 */
export function resolveNavigation(
  tree: RouteDefinition[],
  pathname: string,
  subject: AccessSubject,
): string | null {
  for (let hops = 0, current = pathname; hops < 10; hops++) {
    const matches = matchChain(tree, current);
    if (!matches) return appLinks.notFound();
    const last = matches[matches.length - 1]!;
    if (last.route.handle?.hide) return appLinks.notFound();
    const chain = matches.map((m) => m.route.handle);
    if (!isChainAllowed(chain, subject)) return refusedTarget(tree, matches, subject);
    if (last.route.redirectTo === undefined) return current;
    const parentBase = matches.length > 1 ? matches[matches.length - 2]!.pathnameBase : '/';
    current = joinPath(last.route.index ? parentBase : last.pathnameBase, last.route.redirectTo);
  }
  throw new RouteAccessError('target route cannot be resolved');
}

function refusedTarget(
  tree: RouteDefinition[],
  matches: Match[],
  subject: AccessSubject,
  depth = 0,
): string | null {
  const parent = matches.length > 1 ? matches[matches.length - 2]! : undefined;
  if (parent) {
    const parentChain = matches.slice(0, -1).map((m) => m.route.handle);
    for (const child of parent.route.children ?? []) {
      if (
        child.index ||
        !child.path ||
        child.path.includes(':') ||
        child === matches[matches.length - 1]!.route
      )
        continue;
      if (child.redirectTo !== undefined && !child.page && !child.children) continue;
      const chain = [...parentChain, child.handle];
      if (isChainAllowed(chain, subject)) return joinPath(parent.pathnameBase, child.path);
    }
  }
  const fallback = [...matches].reverse().find((m) => m.route.handle?.fallback)?.route.handle?.fallback;
  const fallbackMatches = fallback ? matchChain(tree, fallback) : null;
  if (fallback && fallbackMatches) {
    if (
      isChainAllowed(
        fallbackMatches.map((m) => m.route.handle),
        subject,
      )
    )
      return fallback;
    // A refused fallback is itself a refused target (a case's list without support → contact).
    const next = depth < 3 ? refusedTarget(tree, fallbackMatches, subject, depth + 1) : null;
    if (next && next !== appLinks.dashboard()) return next;
  }
  const dashboard = matchChain(tree, appLinks.dashboard());
  if (
    dashboard &&
    isChainAllowed(
      dashboard.map((m) => m.route.handle),
      subject,
    )
  )
    return appLinks.dashboard();
  return null;
}
