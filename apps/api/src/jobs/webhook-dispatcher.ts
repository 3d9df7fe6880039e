import { setMaxListeners } from 'node:events';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { HUB_EVENTS_CHANNEL } from '../modules/events/events.repository.ts';
import type { AddressPolicy } from '../modules/webhooks/webhook-address-policy.ts';
import {
  claimDueDeliveries,
  fanOutEvents,
  postponeDueDeliveries,
  recordAttempts,
  releaseDeliveries,
  type ClaimedDelivery,
  type FailingEndpoint,
  type FinishedAttempt,
} from '../modules/webhooks/webhook-deliveries.repository.ts';
import {
  DEFAULT_RETRY_SCHEDULE,
  retryDelayMs,
  type RetrySchedule,
} from '../modules/webhooks/webhook-retry.ts';
import { WebhookSender, type AttemptOutcome } from '../modules/webhooks/webhook-sender.ts';
import { signedHeaders } from '../modules/webhooks/webhook-signing.ts';
import { disableFailingEndpoint } from '../modules/webhooks/webhooks.service.ts';
import { deliveries as deliveryMetric } from '../telemetry/metrics.ts';

const DAY_MS = 24 * 60 * 60_000;
/** Tries to write one batch of finished attempts before giving up on it (see recordAll). */
const RECORD_TRIES = 3;

/**
 * Failed attempts to one endpoint in a row, without an answer or with a 5xx or 429, after which
 * its receiver counts as down (the circuit breaker): its other due deliveries wait for the next
 * retry. A 4xx is about one payload and does not count.
 */
const BREAKER_FAILURES = 3;

/** Whether a failed attempt says the receiver is down rather than that it refused this payload. */
const looksDown = (outcome: AttemptOutcome) =>
  outcome.httpStatus === null
    ? outcome.error !== 'blockedAddress'
    : outcome.httpStatus >= 500 || outcome.httpStatus === 429;

export type WebhookDispatcherOptions = {
  db: Database;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  policy: AddressPolicy;
  /** Where links in e-mails point (the endpoint page). */
  publicUrl: string;
  /** Hands committed outbox mails to the queue (the endpoint-disabled e-mail). */
  deliverEmails: (outboxIds: number[]) => Promise<void>;
  /** Attempts in flight at once in this process, across all endpoints. */
  concurrency?: number;
  /** Attempts in flight at once per endpoint: a slow receiver holds only its own slots. */
  perEndpoint?: number;
  /** Longest wait for one answer. */
  timeoutMs?: number;
  /** How long a claimed delivery is this dispatcher's; longer than an attempt can take. */
  leaseMs?: number;
  /** The fallback poll when no notification comes (retries falling due, a lost LISTEN). */
  pollMs?: number;
  /** Events fanned out per statement (their deliveries wait in this dispatcher until sent). */
  fanOutBatch?: number;
  retry?: RetrySchedule;
  /** An endpoint failing without a success this long is switched off. */
  disableAfterMs?: number;
  /** false: no LISTEN connection (tests that drive polling only). */
  listen?: boolean;
  /** Finished attempts recorded in one statement at most. */
  recordBatch?: number;
  /** How long a finished attempt may wait for others to be recorded with it. */
  recordDelayMs?: number;
  /** How long a freed slot waits for others before the loop fills them (one pass for several). */
  claimDelayMs?: number;
};

/**
 * The webhook dispatcher (docs/webhooks.md, docs/architecture.md "Events and webhooks"): fans
 * committed events out into deliveries and sends the due ones, concurrently across endpoints and
 * a few at a time per endpoint. It wakes on `LISTEN hub_events` (a direct connection: through a
 * transaction-mode pooler a LISTEN hears nothing) and polls as a fallback. Any number run at once,
 * in workers and API instances alike: fan-out batches and due deliveries are taken with SKIP
 * LOCKED, and a delivery is sent only under its lease, so no attempt goes out twice at once. No
 * transaction is open during an HTTP call.
 *
 * The database work per delivery is kept small (docs/webhooks.md, "Where deliveries are sent from"): events are fanned
 * out when a notification or the poll says there are some, not after every attempt, into
 * deliveries leased to this dispatcher, which holds them and sends them as slots come free without
 * claiming them; the claim (retries, replays, tests, deliveries whose lease ran out) runs after a
 * notification or the poll and goes on only while it finds work; finished attempts are recorded in batches, one
 * statement and one commit for many (an attempt not yet recorded is still under its lease, so a
 * crash means it is sent again once the lease ends: at least once, as ever); and after
 * BREAKER_FAILURES failures in a row an endpoint's other due deliveries are moved to its next retry
 * in one statement, so a receiver that is down costs neither a round trip per queued delivery nor
 * the healthy endpoints' throughput.
 */
export class WebhookDispatcher {
  private readonly concurrency: number;
  private readonly perEndpoint: number;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly fanOutBatch: number;
  private readonly retry: RetrySchedule;
  private readonly disableAfterMs: number;
  private readonly recordBatch: number;
  private readonly recordDelayMs: number;
  private readonly claimDelayMs: number;
  /** How long a fanned-out delivery may wait here: sent later, its attempt could outlast the lease. */
  private readonly holdMs: number;
  /** Fanned-out deliveries at most held here at once; fan-out waits while there are more. */
  private readonly holdLimit: number;
  private readonly sender: WebhookSender;
  /** Deliveries fanned out here, leased to this dispatcher and not yet sent, per endpoint in event order. */
  private readonly held = new Map<string, { delivery: ClaimedDelivery; since: number }[]>();
  private heldCount = 0;
  /** Whether a claim may find due deliveries: set by a notification, the poll and a claim that found some. */
  private claimMayFind = true;
  /** Finished attempts not yet recorded (each still under its lease). */
  private finished: FinishedAttempt[] = [];
  private recording: Promise<void> | undefined;
  private recordTimer: NodeJS.Timeout | undefined;
  private claimTimer: NodeJS.Timeout | undefined;
  /** Per endpoint: failures in a row that look like a receiver down, and the latest next retry among them. */
  private readonly downStreaks = new Map<string, { failures: number; until: Date }>();
  /** Statements started on the side (postponing a down receiver's deliveries); stop() waits for them. */
  private readonly chores = new Set<Promise<void>>();
  /** Set by a notification and the poll: there may be new events, and due deliveries to claim. */
  private notified = true;
  /** There may be events to fan out (notified, or the last fan-out stopped at a full hold). */
  private eventsWaiting = true;
  private lastPollAt = 0;
  private readonly inFlight = new Map<string, number>();
  private readonly sending = new Set<Promise<void>>();
  private readonly aborter = new AbortController();
  private listener: pg.Client | undefined;
  private loop: Promise<void> | undefined;
  private running = false;
  private kicked = false;
  private wakeUp: (() => void) | undefined;

  constructor(private readonly options: WebhookDispatcherOptions) {
    this.concurrency = options.concurrency ?? 32;
    this.perEndpoint = options.perEndpoint ?? 4;
    const timeoutMs = options.timeoutMs ?? 10_000;
    this.leaseMs = options.leaseMs ?? timeoutMs + 20_000;
    this.pollMs = options.pollMs ?? 1000;
    this.fanOutBatch = options.fanOutBatch ?? 100;
    this.holdMs = Math.max(0, this.leaseMs - timeoutMs) / 2;
    this.holdLimit = this.concurrency * 8;
    this.retry = options.retry ?? DEFAULT_RETRY_SCHEDULE;
    this.disableAfterMs = options.disableAfterMs ?? 3 * DAY_MS;
    this.recordBatch = options.recordBatch ?? 200;
    // Records are not on the way to the receiver: waiting a little longer makes each cover more.
    this.recordDelayMs = options.recordDelayMs ?? 50;
    this.claimDelayMs = options.claimDelayMs ?? 3;
    this.sender = new WebhookSender(options.policy, timeoutMs);
    // Every attempt in flight listens for the abort; 32 of them are no leak.
    setMaxListeners(0, this.aborter.signal);
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    if (this.options.listen !== false)
      await this.openListener().catch((error: unknown) => this.lostListener(error));
    this.loop = this.run();
  }

  /** Lets the loop look for work now: events to fan out (a notification) and due deliveries. */
  wake(): void {
    this.notified = true;
    this.kick();
  }

  private kick(): void {
    this.kicked = true;
    this.wakeUp?.();
  }

  /** A slot came free: claim again once a few ms have passed, for every slot freed meanwhile. */
  private slotFreed(): void {
    if (this.claimTimer) return;
    this.claimTimer = setTimeout(() => {
      this.claimTimer = undefined;
      this.kick();
    }, this.claimDelayMs);
  }

  /**
   * Stops taking work, gives back the deliveries it holds (another dispatcher takes them at once),
   * lets the attempts in flight finish and record, and closes.
   */
  async stop(): Promise<void> {
    this.running = false;
    this.kick();
    await this.loop;
    const held = [...this.held.keys()].flatMap((endpointId) => this.takeHeld(endpointId));
    await releaseDeliveries(this.options.db.$client, held).catch((error: unknown) =>
      this.options.log.warn({ err: error }, 'held webhook deliveries not given back; their leases run out'),
    );
    await Promise.all(this.sending);
    await this.record();
    await Promise.all(this.chores);
    await this.close();
  }

  /**
   * Stops as a killed process would: attempts in flight are cut off and nothing is recorded, so
   * their deliveries stay leased until the lease ends and another dispatcher sends them again.
   */
  async kill(): Promise<void> {
    this.running = false;
    this.aborter.abort();
    this.finished = [];
    this.held.clear();
    this.heldCount = 0;
    this.kick();
    await this.loop;
    await this.close();
  }

  private async close(): Promise<void> {
    clearTimeout(this.claimTimer);
    clearTimeout(this.recordTimer);
    this.sender.close();
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
  }

  private async openListener(): Promise<void> {
    const client = new pg.Client(this.options.db.$session);
    client.on('notification', () => this.wake());
    client.on('error', (error) => this.lostListener(error));
    await client.connect();
    await client.query(`LISTEN ${HUB_EVENTS_CHANNEL}`);
    this.listener = client;
  }

  /** Polling carries on meanwhile; the connection is opened again after a second. */
  private lostListener(error: unknown): void {
    this.options.log.warn({ err: error }, 'webhook dispatcher lost its LISTEN connection; polling meanwhile');
    const lost = this.listener;
    this.listener = undefined;
    void lost?.end().catch(() => undefined);
    setTimeout(() => {
      if (this.running && !this.listener)
        this.openListener().catch((retryError: unknown) => this.lostListener(retryError));
    }, 1000).unref();
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.kicked = false;
      try {
        // Also when busy: a lost notification must not leave events waiting longer than the poll.
        if (this.notified || performance.now() - this.lastPollAt >= this.pollMs) {
          this.notified = false;
          this.lastPollAt = performance.now();
          this.eventsWaiting = true;
          // Retries falling due come with the poll; replays and tests with a notification.
          this.claimMayFind = true;
        }
        if (this.eventsWaiting) {
          this.eventsWaiting = false;
          await this.fanOut();
        }
        this.sendHeld();
        if (this.running && this.claimMayFind) await this.sendDue();
      } catch (error) {
        this.eventsWaiting = true;
        if (this.running) this.options.log.warn({ err: error }, 'webhook dispatch pass failed');
      }
      if (this.running && !this.kicked && (await this.sleep())) this.notified = true;
    }
  }

  /**
   * Fans out batches of events while fewer than holdLimit deliveries wait here, sending each
   * batch's as slots allow. Stopped by a full hold, it looks again when slots come free.
   */
  private async fanOut(): Promise<void> {
    while (this.running) {
      if (this.heldCount >= this.holdLimit) {
        this.eventsWaiting = true;
        return;
      }
      const { events, deliveries } = await fanOutEvents(
        this.options.db.$client,
        this.fanOutBatch,
        this.leaseMs,
      );
      const since = performance.now();
      for (const delivery of deliveries) {
        const queue = this.held.get(delivery.endpointId);
        if (queue) queue.push({ delivery, since });
        else this.held.set(delivery.endpointId, [{ delivery, since }]);
      }
      this.heldCount += deliveries.length;
      this.sendHeld();
      if (events < this.fanOutBatch) return;
    }
  }

  /**
   * Sends held deliveries into the free slots. One held too long (behind a slow receiver) is given
   * back instead, for a claim to take once it is due.
   */
  private sendHeld(): void {
    if (this.heldCount === 0) return;
    const late: ClaimedDelivery[] = [];
    const tooOld = performance.now() - this.holdMs;
    for (const [endpointId, queue] of this.held) {
      while (queue.length > 0 && queue[0]!.since < tooOld) late.push(queue.shift()!.delivery);
      while (
        queue.length > 0 &&
        this.sending.size < this.concurrency &&
        (this.inFlight.get(endpointId) ?? 0) < this.perEndpoint
      )
        this.send(queue.shift()!.delivery);
      if (queue.length === 0) this.held.delete(endpointId);
    }
    this.heldCount = [...this.held.values()].reduce((sum, queue) => sum + queue.length, 0);
    if (late.length > 0) {
      this.claimMayFind = true;
      this.chore(
        releaseDeliveries(this.options.db.$client, late).catch((error: unknown) =>
          this.options.log.warn(
            { err: error },
            'held webhook deliveries not given back; their leases run out',
          ),
        ),
      );
    }
  }

  /** Takes an endpoint's held deliveries out of the hold (to give them back). */
  private takeHeld(endpointId: string): ClaimedDelivery[] {
    const queue = this.held.get(endpointId) ?? [];
    this.held.delete(endpointId);
    this.heldCount -= queue.length;
    return queue.map((entry) => entry.delivery);
  }

  private chore(work: Promise<void>): void {
    const chore: Promise<void> = work.finally(() => this.chores.delete(chore));
    this.chores.add(chore);
  }

  /** Waits for a wake-up or the poll; answers true when the poll's time ran out. */
  private sleep(): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(true), this.pollMs);
      const done = (timedOut: boolean) => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        resolve(timedOut);
      };
      this.wakeUp = () => done(false);
    });
  }

  /** Claims due deliveries for the free slots; one that found none waits for a notification or the poll. */
  private async sendDue(): Promise<void> {
    const free = this.concurrency - this.sending.size;
    if (free <= 0) return;
    const busy = new Map<string, number>();
    const full: string[] = [];
    for (const [endpointId, inFlight] of this.inFlight)
      if (inFlight >= this.perEndpoint) full.push(endpointId);
      else busy.set(endpointId, this.perEndpoint - inFlight);
    const claimed = await claimDueDeliveries(this.options.db.$client, {
      limit: free,
      leaseMs: this.leaseMs,
      perEndpoint: this.perEndpoint,
      busy,
      skipEndpoints: full,
    });
    // Found some: more may be due (an endpoint's slots cap a claim), so claim again as slots free.
    this.claimMayFind = claimed.length > 0;
    for (const delivery of claimed) this.send(delivery);
  }

  /** Sends one delivery in a slot of its endpoint; the slot comes free when the attempt ends. */
  private send(delivery: ClaimedDelivery): void {
    this.inFlight.set(delivery.endpointId, (this.inFlight.get(delivery.endpointId) ?? 0) + 1);
    const task: Promise<void> = this.deliver(delivery)
      .catch((error: unknown) => {
        if (!this.aborter.signal.aborted)
          this.options.log.error(
            { err: error, deliveryId: delivery.id },
            'webhook delivery failed to record',
          );
      })
      .finally(() => {
        const left = (this.inFlight.get(delivery.endpointId) ?? 1) - 1;
        if (left > 0) this.inFlight.set(delivery.endpointId, left);
        else this.inFlight.delete(delivery.endpointId);
        this.sending.delete(task);
        this.slotFreed();
      });
    this.sending.add(task);
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const at = new Date();
    const headers = signedHeaders(delivery.id, delivery.body, delivery.secrets, at);
    const outcome = await this.sender.send(delivery.url, delivery.body, headers, this.aborter.signal);
    // Killed mid-attempt: a dead process records nothing; the lease runs out and another sends it.
    if (this.aborter.signal.aborted) return;
    deliveryMetric.inc({
      channel: 'webhook',
      outcome: outcome.succeeded ? 'sent' : outcome.error === 'blockedAddress' ? 'blocked' : 'failed',
    });
    // Failed attempts in a row in this run, this one included: the attempt that started the run
    // (the event's first, a replay or a test) and the retries after it.
    const failures = outcome.succeeded ? 0 : delivery.trigger === 'retry' ? delivery.retriesBefore + 2 : 1;
    const nextAttemptAt = new Date(Date.now() + retryDelayMs(failures, this.retry));
    this.finished.push({ delivery, outcome, at, nextAttemptAt });
    this.scheduleRecord();
    this.watchReceiver(delivery, outcome, nextAttemptAt);
  }

  /** Records now when a batch is full, else within recordDelayMs. */
  private scheduleRecord(): void {
    if (this.finished.length >= this.recordBatch) void this.record();
    else
      this.recordTimer ??= setTimeout(() => {
        this.recordTimer = undefined;
        void this.record();
      }, this.recordDelayMs);
  }

  /**
   * Records what has finished, a batch per statement, one statement at a time (attempts finishing
   * meanwhile make the next batch). A batch that fails to record is logged and left: its
   * deliveries stay leased and are sent again when the lease ends.
   */
  private record(): Promise<void> {
    if (this.recording) return this.recording;
    if (this.finished.length === 0) return Promise.resolve();
    const recording = this.recordAll().finally(() => {
      this.recording = undefined;
    });
    this.recording = recording;
    return recording;
  }

  private async recordAll(): Promise<void> {
    while (this.finished.length > 0 && !this.aborter.signal.aborted) {
      const batch = this.finished.splice(0, this.recordBatch);
      let failing: FailingEndpoint[] = [];
      // A batch that could not be written (the database away for a moment) is tried again: until
      // it is, its deliveries stay leased, and once a lease ends the delivery is sent again.
      for (let attempt = 1; attempt <= RECORD_TRIES; attempt++) {
        try {
          failing = await recordAttempts(this.options.db.$client, batch, this.retry.windowMs);
          break;
        } catch (error) {
          if (this.aborter.signal.aborted) break;
          if (attempt === RECORD_TRIES) {
            this.options.log.error(
              { err: error, deliveryIds: batch.map((finished) => finished.delivery.id) },
              'webhook attempts failed to record',
            );
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
        }
      }
      for (const endpoint of failing)
        if (Date.now() - endpoint.failingSince.getTime() >= this.disableAfterMs)
          await this.disable(endpoint.endpointId).catch((error: unknown) =>
            this.options.log.error(
              { err: error, endpointId: endpoint.endpointId },
              'webhook endpoint failing for days could not be switched off',
            ),
          );
    }
  }

  private async disable(endpointId: string): Promise<void> {
    const outbox = await disableFailingEndpoint(this.options.db.$client, endpointId, this.options.publicUrl);
    if (outbox.length > 0) {
      this.options.log.warn({ endpointId }, 'webhook endpoint switched off after failing');
      await this.options.deliverEmails(outbox);
    }
  }

  /**
   * The circuit breaker: BREAKER_FAILURES attempts to one endpoint in a row that say its receiver
   * is down move the endpoint's other due deliveries to the latest next retry among them. Test
   * events do not count (they go to endpoints not yet switched on, and are left alone).
   */
  private watchReceiver(delivery: ClaimedDelivery, outcome: AttemptOutcome, nextAttemptAt: Date): void {
    if (delivery.trigger === 'test') return;
    if (outcome.succeeded || !looksDown(outcome)) {
      this.downStreaks.delete(delivery.endpointId);
      return;
    }
    const streak = this.downStreaks.get(delivery.endpointId) ?? { failures: 0, until: nextAttemptAt };
    streak.failures += 1;
    if (nextAttemptAt > streak.until) streak.until = nextAttemptAt;
    if (streak.failures < BREAKER_FAILURES) {
      this.downStreaks.set(delivery.endpointId, streak);
      return;
    }
    this.downStreaks.delete(delivery.endpointId);
    this.chore(
      postponeDueDeliveries(
        this.options.db.$client,
        delivery.endpointId,
        streak.until,
        this.takeHeld(delivery.endpointId),
      )
        .then((postponed) => {
          if (postponed > 0)
            this.options.log.info(
              { endpointId: delivery.endpointId, postponed, until: streak.until.toISOString() },
              'webhook receiver looks down; its due deliveries wait for the next retry',
            );
        })
        .catch((error: unknown) =>
          this.options.log.warn(
            { err: error, endpointId: delivery.endpointId },
            'webhook deliveries not postponed',
          ),
        ),
    );
  }
}

/** Starts a dispatcher in this process (workers, API instances, the bench); answers it to stop. */
export async function startWebhookDispatcher(options: WebhookDispatcherOptions): Promise<WebhookDispatcher> {
  const dispatcher = new WebhookDispatcher(options);
  await dispatcher.start();
  return dispatcher;
}
