import type { ComponentType } from 'react';
import type { PermissionPrefix, Role } from '@service-hub/contracts';

/** Where a development-only route may be reached (spec 2: localhost or the Development environment). */
export type RouteEnvironment = 'localhost' | 'Development';

/**
 * A service requirement: a permission prefix, or `account.view-profile`, which every signed-in
 * user with an account holds (the identity provider's default profile permission).
 */
export type Requirement = PermissionPrefix | 'account.view-profile';

/** The flags of spec section 2, kept in each route's `handle`. */
export type RouteHandle = {
  /** Translation keys of the title parts, outermost first; the tab title joins them with ' · '. */
  title?: readonly string[];
  /** The page works on the active customer account (its permissions are checked, not the user's). */
  activeAccount?: boolean;
  /** At least one of these roles is needed. */
  roles?: readonly Role[];
  /** At least one of these permissions is needed. */
  requires?: readonly Requirement[];
  /** Leaving with unsaved changes asks first. */
  confirmLeave?: boolean;
  /** Only reachable in these environments. */
  environments?: readonly RouteEnvironment[];
  /** The route is switched off: it behaves as if it did not exist. */
  hide?: boolean;
  /** Where to go when this route and all its siblings are refused (before /dashboard). */
  fallback?: string;
  /** The page is a top-level page of a section: switching accounts returns here. */
  topLevel?: boolean;
};

/** One route of the route table: pure data, so the access rules can be tested without React. */
export type RouteDefinition = {
  /** Stable name, e.g. `tracking.files`. */
  id: string;
  /** Path segment relative to the parent (absolute for top-level routes). */
  path?: string;
  index?: boolean;
  handle?: RouteHandle;
  /** An index child that redirects here (relative to this route, or absolute). */
  redirectTo?: string;
  /** The screen, loaded when first needed. */
  page?: () => Promise<{ default: ComponentType }>;
  /**
   * The screen needs only the core of the catalog (apps/web/build/catalog-sections.ts), so it shows
   * without waiting for the rest: sign-in, the dashboard, the frame's own pages.
   */
  coreCatalog?: true;
  children?: RouteDefinition[];
};

/** Handles of a chain of matched routes, outermost first. */
export type HandleChain = readonly (RouteHandle | undefined)[];
