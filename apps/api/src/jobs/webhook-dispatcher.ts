import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { HUB_EVENTS_CHANNEL } from '../modules/events/events.repository.ts';
import type { AddressPolicy } from '../modules/webhooks/webhook-address-policy.ts';
import {
  claimDueDeliveries,
  fanOutEvents,
  recordAttempt,
  type ClaimedDelivery,
} from '../modules/webhooks/webhook-deliveries.repository.ts';
import {
  DEFAULT_RETRY_SCHEDULE,
  retryDelayMs,
  type RetrySchedule,
} from '../modules/webhooks/webhook-retry.ts';
import { WebhookSender } from '../modules/webhooks/webhook-sender.ts';
import { signedHeaders } from '../modules/webhooks/webhook-signing.ts';
import { disableFailingEndpoint } from '../modules/webhooks/webhooks.service.ts';
import { deliveries as deliveryMetric } from '../telemetry/metrics.ts';

const DAY_MS = 24 * 60 * 60_000;

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
  /** Events fanned out per statement. */
  fanOutBatch?: number;
  retry?: RetrySchedule;
  /** An endpoint failing without a success this long is switched off. */
  disableAfterMs?: number;
  /** false: no LISTEN connection (tests that drive polling only). */
  listen?: boolean;
};

/**
 * The webhook dispatcher (docs/webhooks.md, docs/architecture.md "Events and webhooks"): fans
 * committed events out into deliveries and sends the due ones, concurrently across endpoints and
 * a few at a time per endpoint. It wakes on `LISTEN hub_events` (a direct connection: through a
 * transaction-mode pooler a LISTEN hears nothing) and polls as a fallback. Any number run at once,
 * in workers and API instances alike: fan-out batches and due deliveries are taken with SKIP
 * LOCKED, and a delivery is sent only under its lease, so no attempt goes out twice at once. No
 * transaction is open during an HTTP call.
 */
export class WebhookDispatcher {
  private readonly concurrency: number;
  private readonly perEndpoint: number;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly fanOutBatch: number;
  private readonly retry: RetrySchedule;
  private readonly disableAfterMs: number;
  private readonly sender: WebhookSender;
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
    this.fanOutBatch = options.fanOutBatch ?? 500;
    this.retry = options.retry ?? DEFAULT_RETRY_SCHEDULE;
    this.disableAfterMs = options.disableAfterMs ?? 3 * DAY_MS;
    this.sender = new WebhookSender(options.policy, timeoutMs);
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    if (this.options.listen !== false)
      await this.openListener().catch((error: unknown) => this.lostListener(error));
    this.loop = this.run();
  }

  /** Lets the loop look for work now (a notification, a freed slot). */
  wake(): void {
    this.kicked = true;
    this.wakeUp?.();
  }

  /** Stops taking work, lets the attempts in flight finish and record, and closes. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
    await Promise.all(this.sending);
    await this.close();
  }

  /**
   * Stops as a killed process would: attempts in flight are cut off and nothing is recorded, so
   * their deliveries stay leased until the lease ends and another dispatcher sends them again.
   */
  async kill(): Promise<void> {
    this.running = false;
    this.aborter.abort();
    this.wake();
    await this.loop;
    await this.close();
  }

  private async close(): Promise<void> {
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
        while (
          this.running &&
          (await fanOutEvents(this.options.db.$client, this.fanOutBatch)) === this.fanOutBatch
        );
        if (this.running) await this.sendDue();
      } catch (error) {
        if (this.running) this.options.log.warn({ err: error }, 'webhook dispatch pass failed');
      }
      if (this.running && !this.kicked) await this.sleep();
    }
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.pollMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = undefined;
        done();
      };
    });
  }

  private slotsOf = (endpointId: string) => this.perEndpoint - (this.inFlight.get(endpointId) ?? 0);

  private async sendDue(): Promise<void> {
    const free = this.concurrency - this.sending.size;
    if (free <= 0) return;
    const full = [...this.inFlight].filter(([, n]) => n >= this.perEndpoint).map(([id]) => id);
    const claimed = await claimDueDeliveries(this.options.db.$client, {
      limit: free,
      leaseMs: this.leaseMs,
      slotsOf: this.slotsOf,
      skipEndpoints: full,
    });
    for (const delivery of claimed) {
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
          this.wake();
        });
      this.sending.add(task);
    }
  }

  /**
   * Failed attempts in a row in this delivery's run, the one just made included: the attempt that
   * started the run (the event's first, a replay or a test) and the retries after it.
   */
  private async failuresInRun(delivery: ClaimedDelivery): Promise<number> {
    if (delivery.trigger !== 'retry') return 1;
    const { rows } = await this.options.db.$client.query<{ retries: number }>(
      `SELECT count(*)::int AS retries FROM webhook_attempts
        WHERE delivery_id = $1 AND trigger = 'retry'
          AND at > coalesce((SELECT max(at) FROM webhook_attempts WHERE delivery_id = $1 AND trigger <> 'retry'), '-infinity')`,
      [delivery.id],
    );
    return (rows[0]?.retries ?? 0) + 2;
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
    const failures = outcome.succeeded ? 0 : await this.failuresInRun(delivery);
    const recorded = await recordAttempt(this.options.db.$client, delivery, {
      ...outcome,
      at,
      nextAttemptAt: new Date(Date.now() + retryDelayMs(failures, this.retry)),
      retryWindowMs: this.retry.windowMs,
    });
    if (
      !outcome.succeeded &&
      recorded.failingSince &&
      Date.now() - recorded.failingSince.getTime() >= this.disableAfterMs
    ) {
      const outbox = await disableFailingEndpoint(
        this.options.db.$client,
        delivery.endpointId,
        this.options.publicUrl,
      );
      if (outbox.length > 0) {
        this.options.log.warn(
          { endpointId: delivery.endpointId },
          'webhook endpoint switched off after failing',
        );
        await this.options.deliverEmails(outbox);
      }
    }
  }
}

/** Starts a dispatcher in this process (workers, API instances, the bench); answers it to stop. */
export async function startWebhookDispatcher(options: WebhookDispatcherOptions): Promise<WebhookDispatcher> {
  const dispatcher = new WebhookDispatcher(options);
  await dispatcher.start();
  return dispatcher;
}
