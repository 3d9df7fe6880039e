import pg from 'pg';

/** Arbitrary constant: the advisory-lock class of job leases (the other key is the job id's hash). */
const LEASE_CLASS = 7_311_002;

type Logger = { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
type Queue = { fail: (name: string, id: string, data: object) => Promise<unknown> };

/**
 * Notices a worker that died in the middle of a job (SIGKILL, out of memory, a lost machine) in
 * seconds instead of at the job's expiry (15 minutes for reports), which is all pg-boss 10 knows.
 *
 * Each running job is leased by a session-level advisory lock on one connection of the process
 * that runs it; PostgreSQL releases the lock the moment that session ends, i.e. when the process
 * dies. Every working process scans now and then for active jobs whose lease nobody holds and
 * fails them, so the queue retries them at once (reports and imports resume idempotently). A job
 * must be seen unleased on two scans in a row, which gives a process whose lease connection was
 * cut (a database restart) time to reconnect and lease its running jobs again.
 */
export class JobLeases {
  private readonly held = new Set<string>();
  private connection: Promise<pg.Client> | undefined;
  private suspects = new Set<string>();
  private turns: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly options: pg.ClientConfig,
    private readonly log: Logger,
    private readonly scanEveryMs = 5000,
  ) {}

  /** Leases a job for as long as this process lives or until `release`. */
  async hold(jobId: string): Promise<void> {
    await this.inTurn(async () => {
      const client = await this.client();
      await client.query('SELECT pg_advisory_lock($1, hashtext($2))', [LEASE_CLASS, jobId]);
    });
    this.held.add(jobId);
  }

  async release(jobId: string): Promise<void> {
    this.held.delete(jobId);
    await this.inTurn(async () => {
      const client = await this.connection?.catch(() => undefined);
      await client
        ?.query('SELECT pg_advisory_unlock($1, hashtext($2))', [LEASE_CLASS, jobId])
        .catch(() => undefined);
    });
  }

  /** Starts scanning the given queues for jobs whose process died. */
  watch(queue: Queue, queueNames: string[]): void {
    const scan = () =>
      this.rescue(queue, queueNames)
        .catch((error: unknown) => this.log.warn({ err: error }, 'job lease scan failed'))
        .finally(() => {
          if (!this.closed) this.timer = setTimeout(scan, this.scanEveryMs);
        });
    this.timer = setTimeout(scan, this.scanEveryMs);
  }

  /** Fails the active jobs of these queues that no living process leases (seen twice in a row). */
  async rescue(queue: Queue, queueNames: string[]): Promise<string[]> {
    const unleased = await this.inTurn(async () => {
      const client = await this.client();
      const { rows } = await client.query<{ id: string; name: string }>(
        `SELECT id, name FROM pgboss.job
          WHERE state = 'active' AND name = ANY($1) AND started_on < now() - interval '2 seconds'`,
        [queueNames],
      );
      const free: { id: string; name: string }[] = [];
      for (const job of rows) {
        // This session's own leases are re-entrant for it: they would look free.
        if (this.held.has(job.id)) continue;
        const { rows: tried } = await client.query<{ free: boolean }>(
          'SELECT pg_try_advisory_lock($1, hashtext($2)) AS free',
          [LEASE_CLASS, job.id],
        );
        if (!tried[0]?.free) continue;
        await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [LEASE_CLASS, job.id]);
        free.push(job);
      }
      return free;
    });
    const rescued: string[] = [];
    for (const job of unleased) {
      if (!this.suspects.has(job.id)) continue;
      this.log.info({ job: job.name, id: job.id }, 'job lost its worker; handing it back to the queue');
      await queue.fail(job.name, job.id, { message: 'its worker stopped' });
      rescued.push(job.id);
    }
    this.suspects = new Set(unleased.filter((job) => !rescued.includes(job.id)).map((job) => job.id));
    return rescued;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    const client = await this.connection?.catch(() => undefined);
    this.connection = undefined;
    await client?.end().catch(() => undefined);
  }

  /**
   * The lease connection runs one query at a time: holds, releases and scans of the process's
   * concurrent jobs take turns, in the order they came.
   */
  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const turn = this.turns.then(work);
    this.turns = turn.catch(() => undefined);
    return turn;
  }

  private client(): Promise<pg.Client> {
    this.connection ??= this.connect().catch((error: unknown) => {
      this.connection = undefined;
      throw error;
    });
    return this.connection;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ ...this.options, application_name: 'service-hub-job-leases' });
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'job lease connection lost; leasing running jobs again');
      this.connection = undefined;
      client.end().catch(() => undefined);
      if (!this.closed) setTimeout(() => void this.leaseAgain(), 500);
    });
    await client.connect();
    return client;
  }

  /** After a lost connection: the running jobs of this process lease again, retrying until it works. */
  private async leaseAgain(): Promise<void> {
    try {
      for (const jobId of [...this.held]) await this.hold(jobId);
    } catch {
      if (!this.closed) setTimeout(() => void this.leaseAgain(), 1000);
    }
  }
}
