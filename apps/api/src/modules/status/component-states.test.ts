import { describe, expect, it } from 'vitest';
import type { ComponentState, StatusComponent, TStatusNotice } from '@service-hub/contracts';
import {
  freshnessState,
  INGESTION_STALE_AFTER_SECONDS,
  measuredStates,
  QUEUE_FAILURES_DEGRADED,
  QUEUE_THRESHOLDS,
  queueState,
  shownStates,
} from './component-states.ts';

const ALL_OPERATIONAL: Record<StatusComponent, ComponentState> = {
  signIn: 'operational',
  api: 'operational',
  tracking: 'operational',
  reports: 'operational',
  email: 'operational',
  ediTracking: 'operational',
};

const notice = (overrides: Partial<TStatusNotice>): TStatusNotice => ({
  id: crypto.randomUUID(),
  kind: 'incident',
  title: { 'en-SE': 'x', sv: null, no: null, da: null, fi: null },
  components: ['reports'],
  impact: 'minor',
  status: 'investigating',
  startsAt: '2026-11-26T08:00:00.000Z',
  endsAt: null,
  resolvedAt: null,
  updates: [],
  ...overrides,
});

describe('freshnessState', () => {
  const stale = INGESTION_STALE_AFTER_SECONDS + 1;
  it.each([
    ['fresh data', { newestAgeSeconds: 60, trafficExpected: false }, 'operational'],
    ['fresh data at a busy hour', { newestAgeSeconds: 60, trafficExpected: true }, 'operational'],
    [
      'an idle night: nothing for hours, nothing expected',
      { newestAgeSeconds: 6 * 3600, trafficExpected: false },
      'operational',
    ],
    [
      'silence while this hour usually has traffic',
      { newestAgeSeconds: stale, trafficExpected: true },
      'degraded',
    ],
    [
      'no data ever, none expected (a new installation)',
      { newestAgeSeconds: null, trafficExpected: false },
      'operational',
    ],
    ['not measured', null, 'unknown'],
  ] as const)('%s → %s', (_name, freshness, state) => {
    expect(freshnessState(freshness)).toBe(state);
  });

  it('never infers an outage from silence alone', () => {
    expect(freshnessState({ newestAgeSeconds: 30 * 24 * 3600, trafficExpected: true })).toBe('degraded');
  });
});

describe('queueState', () => {
  const { degradedAfterSeconds, outageAfterSeconds } = QUEUE_THRESHOLDS.email;
  const health = (oldestWaitingSeconds: number | null, recentFailed = 0, recentCompleted = 0) => ({
    oldestWaitingSeconds,
    recentFailed,
    recentCompleted,
  });
  it.each([
    ['an empty queue', health(null), 'operational'],
    ['a job waiting briefly', health(degradedAfterSeconds - 1), 'operational'],
    ['a job waiting past the first threshold', health(degradedAfterSeconds + 1), 'degraded'],
    ['a job waiting past the second threshold', health(outageAfterSeconds + 1), 'outage'],
    ['a few failures among many successes', health(null, QUEUE_FAILURES_DEGRADED, 50), 'operational'],
    ['mostly failures', health(null, QUEUE_FAILURES_DEGRADED, 1), 'degraded'],
    ['one failure and nothing else', health(null, 1, 0), 'operational'],
    ['not measured', null, 'unknown'],
  ] as const)('%s → %s', (_name, measured, state) => {
    expect(queueState(measured, 'email')).toBe(state);
  });

  it('gives reports more time than e-mail', () => {
    const waited = health(QUEUE_THRESHOLDS.email.degradedAfterSeconds + 1);
    expect([queueState(waited, 'email'), queueState(waited, 'reports')]).toEqual(['degraded', 'operational']);
  });
});

describe('measuredStates', () => {
  it('has sign-in and the API down and the rest unknown when the database is unreachable', () => {
    expect(measuredStates({ database: 'down' })).toEqual({
      signIn: 'outage',
      api: 'outage',
      tracking: 'unknown',
      reports: 'unknown',
      email: 'unknown',
      ediTracking: 'unknown',
    });
  });

  it('has the API degraded when the database does not answer in time', () => {
    expect(measuredStates({ database: 'slow' })).toMatchObject({ api: 'degraded', signIn: 'unknown' });
  });

  it('needs a signing key for sign-in and a quick database for the API', () => {
    const up = {
      database: 'up' as const,
      roundTripMs: 5,
      signingKey: true,
      tracking: { newestAgeSeconds: 10, trafficExpected: false },
      ediTracking: { newestAgeSeconds: 10, trafficExpected: false },
      reports: { oldestWaitingSeconds: null, recentFailed: 0, recentCompleted: 3 },
      email: null,
    };
    expect(measuredStates(up)).toEqual({ ...ALL_OPERATIONAL, email: 'unknown' });
    expect(measuredStates({ ...up, signingKey: false, roundTripMs: 5000 })).toMatchObject({
      signIn: 'outage',
      api: 'degraded',
    });
  });
});

describe('shownStates', () => {
  const now = new Date('2026-11-26T10:00:00Z');

  it('makes an open incident’s components as bad as its impact, never better than measured', () => {
    const shown = shownStates(
      { ...ALL_OPERATIONAL, email: 'outage' },
      [
        notice({ components: ['reports', 'email'], impact: 'minor' }),
        notice({ components: ['api'], impact: 'major' }),
      ],
      now,
    );
    expect(shown).toMatchObject({
      reports: 'degraded',
      email: 'outage',
      api: 'outage',
      signIn: 'operational',
    });
  });

  it('ignores resolved incidents', () => {
    const resolved = notice({ resolvedAt: '2026-11-26T09:00:00Z', status: 'resolved', impact: 'major' });
    expect(shownStates(ALL_OPERATIONAL, [resolved], now)).toEqual(ALL_OPERATIONAL);
  });

  it('shows maintenance inside its window or marked in progress, not before, after or once completed', () => {
    const maintenance = (overrides: Partial<TStatusNotice>) =>
      notice({
        kind: 'maintenance',
        impact: null,
        status: 'scheduled',
        components: ['tracking'],
        startsAt: '2026-11-26T09:00:00Z',
        endsAt: '2026-11-26T11:00:00Z',
        ...overrides,
      });
    const state = (n: TStatusNotice) =>
      shownStates({ ...ALL_OPERATIONAL, tracking: 'degraded' }, [n], now).tracking;
    expect(state(maintenance({}))).toBe('maintenance');
    expect(state(maintenance({ startsAt: '2026-11-26T10:30:00Z' }))).toBe('degraded');
    expect(state(maintenance({ startsAt: '2026-11-26T10:30:00Z', status: 'inProgress' }))).toBe(
      'maintenance',
    );
    expect(state(maintenance({ endsAt: '2026-11-26T09:30:00Z' }))).toBe('degraded');
    expect(state(maintenance({ resolvedAt: '2026-11-26T09:45:00Z', status: 'completed' }))).toBe('degraded');
  });

  it('lets an incident outrank maintenance on the same component', () => {
    const shown = shownStates(
      ALL_OPERATIONAL,
      [
        notice({
          kind: 'maintenance',
          impact: null,
          components: ['reports'],
          startsAt: '2026-11-26T09:00:00Z',
          endsAt: '2026-11-26T11:00:00Z',
        }),
        notice({ components: ['reports'], impact: 'minor' }),
      ],
      now,
    );
    expect(shown.reports).toBe('degraded');
  });

  it('shows a declared incident where nothing could be measured', () => {
    expect(
      shownStates({ ...ALL_OPERATIONAL, tracking: 'unknown' }, [notice({ components: ['tracking'] })], now)
        .tracking,
    ).toBe('degraded');
  });
});
