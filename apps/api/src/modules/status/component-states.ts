import {
  isMaintenanceUnderWay,
  type ComponentState,
  type StatusComponent,
  type TStatusNotice,
} from '@service-hub/contracts';

/*
 * How each component's state follows from what the Hub measures about itself (docs/status-page.md).
 * Pure functions: the probes are in status-checks.repository.ts, the table-driven tests beside.
 */

/** A database round trip slower than this makes the API "degraded": every page waits on it. */
export const API_SLOW_MS = 1000;

/**
 * Track and trace and EDI: no new data for this long is worth a look. Busy hours bring files every
 * few minutes; a quiet hour may bring none, so the age alone never decides (see `freshnessState`).
 */
export const INGESTION_STALE_AFTER_SECONDS = 60 * 60;
/**
 * …and it counts as "degraded" only when the same hour usually has traffic: data arrived in the
 * same one-hour window (ending now) on at least this many of the last four weeks' same weekday.
 * A night or a weekend without customers' traffic stays "operational".
 */
export const USUAL_TRAFFIC_WEEKS = 2;
export const TRAFFIC_HISTORY_WEEKS = 4;

/** Job queues (reports, e-mail): how long the oldest due job may wait before users notice. */
export const QUEUE_THRESHOLDS = {
  // A report is generated within a minute or two; a quarter of an hour is a queue that is stuck.
  reports: { degradedAfterSeconds: 15 * 60, outageAfterSeconds: 60 * 60 },
  // Sign-in codes and invitations travel by e-mail: five minutes is already too long to wait.
  email: { degradedAfterSeconds: 5 * 60, outageAfterSeconds: 30 * 60 },
} as const;
/** Failed jobs in the recent window: at least this many, and more than succeeded, is "degraded". */
export const QUEUE_FAILURES_DEGRADED = 3;
/** The window failures and successes are counted in. */
export const QUEUE_WINDOW_MINUTES = 30;

export type Freshness = {
  /** Seconds since the newest data arrived; null when there is none at all. */
  newestAgeSeconds: number | null;
  /** Whether the same hour usually has traffic (only measured when the newest is stale). */
  trafficExpected: boolean;
};

export type QueueHealth = {
  /** Seconds the oldest due, not yet started job has waited; null when none waits. */
  oldestWaitingSeconds: number | null;
  recentFailed: number;
  recentCompleted: number;
};

/** What the probes found; a null part could not be measured (its query failed or timed out). */
export type Measurements =
  | { database: 'down' }
  | { database: 'slow' }
  | {
      database: 'up';
      roundTripMs: number;
      signingKey: boolean | null;
      tracking: Freshness | null;
      ediTracking: Freshness | null;
      reports: QueueHealth | null;
      email: QueueHealth | null;
    };

export function freshnessState(freshness: Freshness | null): ComponentState {
  if (!freshness) return 'unknown';
  const stale =
    freshness.newestAgeSeconds === null || freshness.newestAgeSeconds > INGESTION_STALE_AFTER_SECONDS;
  // No data while none is expected is an idle hour, not a fault; "outage" is never inferred from
  // silence, since the Hub cannot tell its own failure from customers sending nothing.
  return stale && freshness.trafficExpected ? 'degraded' : 'operational';
}

export function queueState(health: QueueHealth | null, queue: keyof typeof QUEUE_THRESHOLDS): ComponentState {
  if (!health) return 'unknown';
  const limits = QUEUE_THRESHOLDS[queue];
  const waited = health.oldestWaitingSeconds ?? 0;
  if (waited > limits.outageAfterSeconds) return 'outage';
  if (waited > limits.degradedAfterSeconds) return 'degraded';
  // One customer's report failing again and again is not the Hub failing: only when most fail.
  if (health.recentFailed >= QUEUE_FAILURES_DEGRADED && health.recentFailed > health.recentCompleted)
    return 'degraded';
  return 'operational';
}

/** The states measured, before any notice. */
export function measuredStates(m: Measurements): Record<StatusComponent, ComponentState> {
  if (m.database === 'down') {
    // The process answers, but without its database neither sign-in nor any page works.
    return {
      signIn: 'outage',
      api: 'outage',
      tracking: 'unknown',
      reports: 'unknown',
      email: 'unknown',
      ediTracking: 'unknown',
    };
  }
  if (m.database === 'slow') {
    return {
      signIn: 'unknown',
      api: 'degraded',
      tracking: 'unknown',
      reports: 'unknown',
      email: 'unknown',
      ediTracking: 'unknown',
    };
  }
  return {
    signIn: m.signingKey === null ? 'unknown' : m.signingKey ? 'operational' : 'outage',
    api: m.roundTripMs > API_SLOW_MS ? 'degraded' : 'operational',
    tracking: freshnessState(m.tracking),
    reports: queueState(m.reports, 'reports'),
    email: queueState(m.email, 'email'),
    ediTracking: freshnessState(m.ediTracking),
  };
}

const SEVERITY: Record<ComponentState, number> = {
  operational: 0,
  unknown: 1,
  maintenance: 2,
  degraded: 3,
  outage: 4,
};

/**
 * The states shown: an open incident makes its components at least as bad as its impact says (an
 * administrator knows of trouble the probes may not see); otherwise maintenance under way shows as
 * "maintenance" (expected downtime is not an outage); otherwise what was measured.
 */
export function shownStates(
  measured: Record<StatusComponent, ComponentState>,
  notices: readonly TStatusNotice[],
  now: Date,
): Record<StatusComponent, ComponentState> {
  const shown = { ...measured };
  const declared = new Map<StatusComponent, ComponentState>();
  for (const notice of notices) {
    if (notice.kind !== 'incident' || notice.resolvedAt !== null) continue;
    const state: ComponentState = notice.impact === 'major' ? 'outage' : 'degraded';
    for (const component of notice.components) {
      const before = declared.get(component);
      if (!before || SEVERITY[state] > SEVERITY[before]) declared.set(component, state);
    }
  }
  const inMaintenance = new Set(
    notices.filter((notice) => isMaintenanceUnderWay(notice, now)).flatMap((notice) => notice.components),
  );
  for (const component of Object.keys(shown) as StatusComponent[]) {
    const incident = declared.get(component);
    if (incident) {
      if (SEVERITY[incident] > SEVERITY[shown[component]] || shown[component] === 'unknown')
        shown[component] = incident;
    } else if (inMaintenance.has(component)) {
      shown[component] = 'maintenance';
    }
  }
  return shown;
}
