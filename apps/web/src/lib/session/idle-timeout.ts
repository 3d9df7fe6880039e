/** Where every tab of the Hub notes the last use, so that working in one tab keeps all signed in. */
export const LAST_ACTIVITY_KEY = 'hub.lastActivity';

/** The warning comes this long before the end (WCAG 2.2.1 asks for at least 20 seconds to react). */
export const WARNING_MS = 2 * 60_000;

export type IdleState = { phase: 'active' } | { phase: 'warning'; msLeft: number } | { phase: 'ended' };

/** Where a session stands `now`, after `idleMs` without use ends it and the warning comes before. */
export function idleState(now: number, lastActivity: number, idleMs: number): IdleState {
  const msLeft = lastActivity + idleMs - now;
  if (msLeft <= 0) return { phase: 'ended' };
  return msLeft <= Math.min(WARNING_MS, idleMs / 2) ? { phase: 'warning', msLeft } : { phase: 'active' };
}

export function readLastActivity(fallback: number): number {
  const stored = Number(localStorage.getItem(LAST_ACTIVITY_KEY));
  return Number.isFinite(stored) && stored > 0 ? stored : fallback;
}

export function noteActivity(now = Date.now()): void {
  localStorage.setItem(LAST_ACTIVITY_KEY, String(now));
}

/** "1:05": minutes and seconds left, for the countdown. */
export function formatCountdown(msLeft: number): string {
  const seconds = Math.max(0, Math.ceil(msLeft / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
