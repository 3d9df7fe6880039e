import type { Pool, PoolClient } from 'pg';
import { inTransaction } from '../lib/audit.ts';

/** The partitioned tracking tables, children before their parents (the order they can go in). */
const CHILDREN_FIRST = [
  'delivery_document_events',
  'delivery_documents',
  'tracking_documents',
  'tracking_file_events',
  'tracking_files',
] as const;

export type TrackingPurge = {
  /** Partitions of whole months past the retention, detached and dropped. */
  droppedPartitions: string[];
  /** Rows deleted one by one: the partly expired month, DEFAULT partitions, stragglers. */
  deletedFiles: number;
  deletedDocuments: number;
};

/**
 * Removes track-and-trace history older than `retentionMonths`: a file with its status log,
 * documents and deliveries once its `arrived_at` is past it, a document once its `created_at`
 * is. A month wholly past the retention goes as whole partitions (DETACH + DROP, no row work);
 * the month the cutoff falls in, the DEFAULT partitions, and documents that live in a later
 * month than their expired file are deleted row by row, first, so that the detach finds nothing
 * still referring to the month.
 */
export async function purgeExpiredTracking(
  pool: Pool,
  retentionMonths: number,
  now = new Date(),
): Promise<TrackingPurge> {
  const result: TrackingPurge = { droppedPartitions: [], deletedFiles: 0, deletedDocuments: 0 };
  if (retentionMonths <= 0) return result;
  const { rows } = await pool.query<{ cutoff: Date; whole_before: Date }>(
    `SELECT c.cutoff, date_trunc('month', c.cutoff AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS whole_before
       FROM (SELECT $1::timestamptz - make_interval(months => $2) AS cutoff) c`,
    [now, retentionMonths],
  );
  const { cutoff, whole_before: wholeBefore } = rows[0]!;

  const inPartlyExpiredMonth = [cutoff, wholeBefore];
  const rowDeletes: [keyof TrackingPurge, string, Date[]][] = [
    [
      'deletedDocuments',
      'DELETE FROM tracking_documents WHERE file_arrived_at < $1 AND created_at >= $2',
      inPartlyExpiredMonth,
    ],
    [
      'deletedFiles',
      'DELETE FROM tracking_files WHERE arrived_at < $1 AND arrived_at >= $2',
      inPartlyExpiredMonth,
    ],
    ['deletedFiles', 'DELETE FROM tracking_files_default WHERE arrived_at < $1', [cutoff]],
    [
      'deletedDocuments',
      'DELETE FROM tracking_documents WHERE created_at < $1 AND created_at >= $2',
      inPartlyExpiredMonth,
    ],
    [
      // Straight from the partition, where the partitioned table's triggers do not see it: the
      // overview's counts are taken down here (as the delete trigger of migration 0018 would).
      'deletedDocuments',
      `WITH gone AS (
         DELETE FROM tracking_documents_default WHERE created_at < $1
         RETURNING customer_id, created_at, status, channels
       ), counted AS (
         INSERT INTO tracking_document_counts (customer_id, hour, status, channels, documents)
         SELECT customer_id, date_trunc('hour', created_at, 'UTC'), status, channels, -count(*)
           FROM gone GROUP BY 1, 2, 3, 4
       )
       SELECT 1 FROM gone`,
      [cutoff],
    ],
  ];
  await inTransaction(pool, async (client) => {
    for (const [counter, statement, values] of rowDeletes) {
      const deleted = await client.query(statement, values);
      (result[counter] as number) += deleted.rowCount ?? 0;
    }
  });

  for (const month of await expiredMonths(pool, wholeBefore)) {
    result.droppedPartitions.push(...(await inTransaction(pool, (client) => dropMonth(client, month))));
  }
  return result;
}

/** Months (`YYYYmMM` as in the partition names) that end on or before `wholeBefore`. */
async function expiredMonths(pool: Pool, wholeBefore: Date): Promise<string[]> {
  const { rows } = await pool.query<{ month: string }>(
    `SELECT DISTINCT substring(c.relname FROM '_y([0-9]{4}m[0-9]{2})$') AS month
       FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = ANY($1::regclass[]) AND c.relname ~ '_y[0-9]{4}m[0-9]{2}$'
      ORDER BY 1`,
    [CHILDREN_FIRST],
  );
  return rows
    .map((r) => r.month)
    .filter((month) => {
      const [year, mm] = month.split('m').map(Number) as [number, number];
      return Date.UTC(year, mm, 1) <= wholeBefore.getTime(); // the month after it has begun
    });
}

/** One month of all five tables, inside the caller's transaction: their keys, then the partitions. */
async function dropMonth(client: PoolClient, month: string): Promise<string[]> {
  const [year, mm] = month.split('m').map(Number) as [number, number];
  const from = new Date(Date.UTC(year, mm - 1, 1));
  const to = new Date(Date.UTC(year, mm, 1));
  const dropped: string[] = [];
  // A detach waits for an exclusive lock on the parent; queued behind a long report it would
  // stall every list behind it. Better to give up and try again the next night.
  await client.query("SET LOCAL lock_timeout = '10s'");
  await client.query(
    'DELETE FROM tracking_document_keys WHERE document_created_at >= $1 AND document_created_at < $2',
    [from, to],
  );
  // The month's documents go with their partition, past the delete trigger: their counts too.
  await client.query('DELETE FROM tracking_document_counts WHERE hour >= $1 AND hour < $2', [from, to]);
  await client.query('DELETE FROM tracking_file_keys WHERE file_arrived_at >= $1 AND file_arrived_at < $2', [
    from,
    to,
  ]);
  for (const table of CHILDREN_FIRST) {
    const partition = `${table}_y${month}`;
    const { rows } = await client.query<{ exists: boolean }>('SELECT to_regclass($1) IS NOT NULL AS exists', [
      partition,
    ]);
    if (!rows[0]?.exists) continue;
    await client.query(`ALTER TABLE ${table} DETACH PARTITION ${partition}`);
    await client.query(`DROP TABLE ${partition}`);
    dropped.push(partition);
  }
  return dropped;
}
