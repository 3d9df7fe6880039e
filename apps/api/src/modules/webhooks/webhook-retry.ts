/**
 * When a failed delivery is tried again: exponential back-off (×3 from `baseMs`, at most `maxMs`)
 * with ±20 % jitter, so the retries of many deliveries to one receiver that came back do not
 * arrive in one wave. Retries go on for `windowMs` (24 hours) from the attempt that started the
 * run; then the delivery has failed (docs/webhooks.md shows the schedule).
 */
export type RetrySchedule = { baseMs: number; maxMs: number; windowMs: number };

export const DEFAULT_RETRY_SCHEDULE: RetrySchedule = {
  baseMs: 10_000,
  maxMs: 3 * 60 * 60_000,
  windowMs: 24 * 60 * 60_000,
};

/** The wait after the `failures`-th failed attempt in a row (1 for the first), jitter from `random`. */
export function retryDelayMs(
  failures: number,
  schedule: RetrySchedule,
  random: () => number = Math.random,
): number {
  const plain = Math.min(schedule.baseMs * 3 ** Math.max(0, failures - 1), schedule.maxMs);
  return Math.round(plain * (0.8 + 0.4 * random()));
}
