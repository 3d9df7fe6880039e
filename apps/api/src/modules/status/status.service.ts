import type pg from 'pg';
import {
  CLOSING_STATUSES,
  STATUS_CACHE_SECONDS,
  STATUS_COMPONENTS,
  statusesOf,
  type TPublicStatus,
  type TStatusNotice,
  type ZAddStatusNoticeUpdateRequest,
  type ZCreateStatusNoticeRequest,
} from '@service-hub/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { isDatabaseUnavailable } from '../../lib/database-unavailable.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Principal } from '../auth/principal.repository.ts';
import { sendEmailJob } from '../../jobs/send-email.job.ts';
import { generateReportJob } from '../../jobs/generate-report.job.ts';
import { measuredStates, shownStates, type Measurements } from './component-states.ts';
import { ediFreshness, hasSigningKey, queueHealth, trackingFreshness } from './status-checks.repository.ts';
import { findNotice, insertNotice, insertUpdate, listNotices } from './status-notices.repository.ts';
import { CachedValue } from './cached-value.ts';

/**
 * The whole status computation is bounded: when the database answers slower than this (or the
 * pool has no free connection), the page says so instead of waiting with everyone else.
 */
export const STATUS_TIMEOUT_MS = 2000;
/** Each probe's own bound on the server, so a slow one ends there too. */
const PROBE_STATEMENT_TIMEOUT_MS = 1500;

type Probed = { measurements: Measurements; notices: TStatusNotice[] | null };

/** Runs `probe` inside a savepoint: a failing one is null and the others still run. */
async function attempt<T>(client: pg.PoolClient, probe: () => Promise<T>): Promise<T | null> {
  await client.query('SAVEPOINT probe');
  try {
    const result = await probe();
    await client.query('RELEASE SAVEPOINT probe');
    return result;
  } catch {
    await client.query('ROLLBACK TO SAVEPOINT probe');
    return null;
  }
}

async function probe(pool: pg.Pool): Promise<Probed> {
  const started = performance.now();
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    if (isDatabaseUnavailable(error)) return { measurements: { database: 'down' }, notices: null };
    throw error;
  }
  // A connection that dies while this client is checked out would otherwise be an uncaught
  // 'error' event; the query under way fails with it anyway, and the answer says "down".
  const ignore = () => undefined;
  client.on('error', ignore);
  let broken: Error | undefined;
  try {
    await client.query('BEGIN READ ONLY');
    await client.query(`SET LOCAL statement_timeout = ${PROBE_STATEMENT_TIMEOUT_MS}`);
    await client.query('SELECT 1');
    const roundTripMs = performance.now() - started;
    const measurements: Measurements = {
      database: 'up',
      roundTripMs,
      signingKey: await attempt(client, () => hasSigningKey(client)),
      tracking: await attempt(client, () => trackingFreshness(client)),
      ediTracking: await attempt(client, () => ediFreshness(client)),
      reports: await attempt(client, () => queueHealth(client, generateReportJob.name)),
      email: await attempt(client, () => queueHealth(client, sendEmailJob.name)),
    };
    const notices = await attempt(client, () => listNotices(client));
    await client.query('COMMIT');
    return { measurements, notices };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    // A connection that failed is closed rather than handed to the next request.
    broken = error instanceof Error ? error : new Error('status probe failed');
    if (isDatabaseUnavailable(error)) return { measurements: { database: 'down' }, notices: null };
    throw error;
  } finally {
    client.off('error', ignore);
    client.release(broken);
  }
}

const timedOut = (ms: number) =>
  new Promise<Probed>((resolve) => {
    const timer = setTimeout(() => resolve({ measurements: { database: 'slow' }, notices: null }), ms);
    timer.unref();
  });

/**
 * The public status of one process: computed at most every STATUS_CACHE_SECONDS, bounded by
 * STATUS_TIMEOUT_MS, and answered also when PostgreSQL is unreachable (then with the notices last
 * read, since an open incident matters most exactly then).
 */
export class StatusService {
  private lastNotices: TStatusNotice[] = [];
  private readonly cached: CachedValue<TPublicStatus>;

  constructor(
    private readonly db: Database,
    private readonly log: { warn: (object: object, message: string) => void },
    options: { timeoutMs?: number } = {},
  ) {
    const timeoutMs = options.timeoutMs ?? STATUS_TIMEOUT_MS;
    this.cached = new CachedValue(() => this.compute(timeoutMs), STATUS_CACHE_SECONDS * 1000);
  }

  get(): Promise<TPublicStatus> {
    return this.cached.get();
  }

  /** After a write on this instance: its next answer shows it (others within the interval). */
  invalidate(): void {
    this.cached.invalidate();
  }

  private async compute(timeoutMs: number): Promise<TPublicStatus> {
    let probed: Probed;
    try {
      probed = await Promise.race([probe(this.db.$client), timedOut(timeoutMs)]);
    } catch (error) {
      this.log.warn({ err: error }, 'status probe failed');
      probed = { measurements: { database: 'down' }, notices: null };
    }
    if (probed.measurements.database !== 'up')
      this.log.warn({ database: probed.measurements.database }, 'status: database not answering');
    if (probed.notices) this.lastNotices = probed.notices;
    const now = new Date();
    const states = shownStates(measuredStates(probed.measurements), this.lastNotices, now);
    return {
      updatedAt: now.toISOString(),
      components: STATUS_COMPONENTS.map((id) => ({ id, state: states[id] })),
      notices: this.lastNotices,
    };
  }
}

type CreateNotice = z.output<typeof ZCreateStatusNoticeRequest>;
type AddUpdate = z.output<typeof ZAddStatusNoticeUpdateRequest>;

export async function getNotices(db: Database): Promise<TStatusNotice[]> {
  return listNotices(db.$client);
}

export async function createNotice(
  db: Database,
  actor: Principal,
  input: CreateNotice,
  requestId: string,
): Promise<TStatusNotice> {
  return inTransaction(db.$client, async (client) => {
    const id = await insertNotice(client, {
      kind: input.kind,
      title: input.title,
      components: input.components,
      impact: input.kind === 'incident' ? (input.impact ?? null) : null,
      startsAt: input.startsAt ? new Date(input.startsAt) : null,
      endsAt: input.endsAt ? new Date(input.endsAt) : null,
    });
    await insertUpdate(client, {
      noticeId: id,
      status: input.kind === 'incident' ? 'investigating' : 'scheduled',
      message: input.message,
      closes: false,
    });
    const notice = (await findNotice(client, id))!;
    await writeAudit(client, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'statusNotice.created',
      entityType: 'statusNotice',
      entityId: id,
      after: notice,
      requestId,
    });
    return notice;
  });
}

export async function addUpdate(
  db: Database,
  actor: Principal,
  id: string,
  input: AddUpdate,
  requestId: string,
): Promise<TStatusNotice> {
  return inTransaction(db.$client, async (client) => {
    const before = await findNotice(client, id, true);
    if (!before) throw notFound('The notice was not found.');
    if (before.resolvedAt !== null) throw conflict('This notice is closed already.');
    if (!statusesOf(before.kind).includes(input.status)) {
      throw badRequest('Invalid request: body.status.', [
        { field: 'body.status', code: 'invalidValue', message: 'This status does not fit the notice.' },
      ]);
    }
    await insertUpdate(client, {
      noticeId: id,
      status: input.status,
      message: input.message,
      closes: CLOSING_STATUSES.includes(input.status),
    });
    const after = (await findNotice(client, id))!;
    await writeAudit(client, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'statusNotice.updated',
      entityType: 'statusNotice',
      entityId: id,
      before: { status: before.status, resolvedAt: before.resolvedAt },
      after: { status: after.status, resolvedAt: after.resolvedAt, message: input.message },
      requestId,
    });
    return after;
  });
}
