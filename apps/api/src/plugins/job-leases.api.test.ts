import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import { JobLeases } from './job-leases.ts';

const QUEUE = 'lease-test.v1';
const OTHER_QUEUE = 'lease-test-finished.v1';
const silent = { warn: () => undefined, info: () => undefined };

describe('[JOBS] a worker that dies mid-job', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let boss: PgBoss;
  beforeAll(async () => {
    database = await createTestDatabase();
    boss = new PgBoss({
      connectionString: database.url,
      schema: 'pgboss',
      supervise: false,
      schedule: false,
    });
    await boss.start();
    await boss.createQueue(QUEUE, { name: QUEUE, retryLimit: 2 });
    await boss.createQueue(OTHER_QUEUE, { name: OTHER_QUEUE, retryLimit: 2 });
  });
  afterAll(async () => {
    await boss.stop({ graceful: false });
    await database.drop();
  });

  /** A job as a worker holds it: fetched (active) and leased by that worker's process. */
  async function runningJob(worker: JobLeases, queue = QUEUE): Promise<string> {
    const id = (await boss.send(queue, {}))!;
    const [job] = await boss.fetch(queue);
    expect(job?.id).toBe(id);
    await worker.hold(id);
    return id;
  }
  const stateOf = async (id: string, queue = QUEUE) => (await boss.getJobById(queue, id))?.state;

  it('is handed back to the queue within two scans once its process is gone, and only then', async () => {
    const dying = new JobLeases({ connectionString: database.url }, silent);
    const other = new JobLeases({ connectionString: database.url }, silent);
    const id = await runningJob(dying);
    await new Promise((r) => setTimeout(r, 2100)); // older than the scan's grace for a job just fetched

    expect(await other.rescue(boss, [QUEUE])).toEqual([]);
    expect(await other.rescue(boss, [QUEUE])).toEqual([]);
    // Its own leases look free to a session (they are re-entrant): never rescued by itself.
    expect(await dying.rescue(boss, [QUEUE])).toEqual([]);
    expect(await dying.rescue(boss, [QUEUE])).toEqual([]);
    expect(await stateOf(id)).toBe('active');

    await dying.close(); // its session ends, as it does when the process is killed
    expect(await other.rescue(boss, [QUEUE])).toEqual([]); // seen once: perhaps just reconnecting
    expect(await other.rescue(boss, [QUEUE])).toEqual([id]);
    expect(await stateOf(id)).toBe('retry');
    await other.close();
  });

  it('a job released when it finished is not rescued', async () => {
    const worker = new JobLeases({ connectionString: database.url }, silent);
    const id = await runningJob(worker, OTHER_QUEUE);
    await boss.complete(OTHER_QUEUE, id);
    await worker.release(id);
    const other = new JobLeases({ connectionString: database.url }, silent);
    await other.rescue(boss, [OTHER_QUEUE]);
    expect(await other.rescue(boss, [OTHER_QUEUE])).toEqual([]);
    expect(await stateOf(id, OTHER_QUEUE)).toBe('completed');
    await worker.close();
    await other.close();
  });
});
