import type { Pool, PoolClient } from 'pg';
import {
  SHOWN_DEADLINES,
  type DeadlineOutcome,
  type ExpectedDeliveryDays,
  type TDeadlineResult,
  type TExpectedDelivery,
} from '@service-hub/contracts';

/** A rule as stored, with what the schedule needs. */
export type ExpectedDeliveryValues = {
  name: string;
  filenamePattern: string;
  application: string | null;
  deadline: string;
  timeZone: string;
  days: ExpectedDeliveryDays;
  minDocuments: number | null;
  enabled: boolean;
  nextDeadlineAt: Date;
};

type Row = {
  id: string;
  name: string;
  filename_pattern: string;
  application: string | null;
  deadline: string;
  time_zone: string;
  days: ExpectedDeliveryDays;
  min_documents: number | null;
  enabled: boolean;
  next_deadline_at: Date;
  created: Date;
  modified: Date;
  last_deadlines: {
    deadline_at: string;
    outcome: DeadlineOutcome;
    late_minutes: number | null;
    file_id: number | null;
    arrived_at: string | null;
  }[];
};

const iso = (value: string | Date) => new Date(value).toISOString();

const toResult = (row: Row['last_deadlines'][number]): TDeadlineResult => ({
  deadlineAt: iso(row.deadline_at),
  outcome: row.outcome,
  lateMinutes: row.late_minutes,
  fileId: row.file_id,
  arrivedAt: row.arrived_at && iso(row.arrived_at),
});

const toRule = (row: Row): TExpectedDelivery => ({
  id: row.id,
  name: row.name,
  filenamePattern: row.filename_pattern,
  application: row.application,
  deadline: row.deadline,
  timeZone: row.time_zone,
  days: row.days,
  minDocuments: row.min_documents,
  enabled: row.enabled,
  nextDeadlineAt: row.next_deadline_at.toISOString(),
  lastDeadlines: row.last_deadlines.map(toResult),
  created: row.created.toISOString(),
  modified: row.modified.toISOString(),
});

// The last ten deadlines through the primary key (rule_id, deadline_at), newest first.
const SELECT_RULES = `
  SELECT r.id, r.name, r.filename_pattern, r.application, r.deadline, r.time_zone, r.days, r.min_documents,
         r.enabled, r.next_deadline_at, r.created, r.modified,
         coalesce((SELECT json_agg(d ORDER BY d.deadline_at DESC)
                     FROM (SELECT deadline_at, outcome, late_minutes, file_id, arrived_at
                             FROM expected_delivery_deadlines
                            WHERE rule_id = r.id ORDER BY deadline_at DESC LIMIT ${SHOWN_DEADLINES}) d), '[]') AS last_deadlines
    FROM expected_deliveries r`;

export async function listRules(db: Pool, customerId: number): Promise<TExpectedDelivery[]> {
  const { rows } = await db.query<Row>(
    `${SELECT_RULES} WHERE r.customer_id = $1 ORDER BY lower(r.name), r.id`,
    [customerId],
  );
  return rows.map(toRule);
}

/** One rule of the account; undefined for another account's (as for one that does not exist). */
export async function findRule(
  db: Pool | PoolClient,
  customerId: number,
  id: string,
): Promise<TExpectedDelivery | undefined> {
  const { rows } = await db.query<Row>(`${SELECT_RULES} WHERE r.customer_id = $1 AND r.id = $2`, [
    customerId,
    id,
  ]);
  return rows[0] && toRule(rows[0]);
}

/** How far back the application names offered for a rule are read. */
const APPLICATION_LOOKBACK_DAYS = 31;

/**
 * The applications the account's files came from lately (the producing system's name that the
 * ingestion API records and the tracking list filters on), to offer when a rule narrows itself
 * to one. A bounded scan of tracking_files_customer_arrived: a month of the account's files.
 */
export async function recentApplications(db: Pool | PoolClient, customerId: number): Promise<string[]> {
  const { rows } = await db.query<{ application: string }>(
    `SELECT DISTINCT application FROM tracking_files
      WHERE customer_id = $1 AND arrived_at > now() - make_interval(days => $2) AND application IS NOT NULL
      ORDER BY application LIMIT 200`,
    [customerId, APPLICATION_LOOKBACK_DAYS],
  );
  return rows.map((row) => row.application);
}

const VALUES = (v: ExpectedDeliveryValues) => [
  v.name,
  v.filenamePattern,
  v.application,
  v.deadline,
  v.timeZone,
  v.days,
  v.minDocuments,
  v.enabled,
  v.nextDeadlineAt,
];

export async function insertRule(
  client: PoolClient,
  customerId: number,
  userId: string,
  values: ExpectedDeliveryValues,
): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO expected_deliveries
       (name, filename_pattern, application, deadline, time_zone, days, min_documents, enabled, next_deadline_at, customer_id, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [...VALUES(values), customerId, userId],
  );
  return rows[0]!.id;
}

/** Locks the rule against the evaluation pass while it changes; undefined when not the account's. */
export async function lockRule(client: PoolClient, customerId: number, id: string) {
  const { rows } = await client.query<{ id: string }>(
    'SELECT id FROM expected_deliveries WHERE customer_id = $1 AND id = $2 FOR UPDATE',
    [customerId, id],
  );
  return rows[0];
}

export async function updateRule(client: PoolClient, id: string, values: ExpectedDeliveryValues) {
  await client.query(
    `UPDATE expected_deliveries
        SET name = $1, filename_pattern = $2, application = $3, deadline = $4, time_zone = $5, days = $6,
            min_documents = $7, enabled = $8, next_deadline_at = $9, modified = now()
      WHERE id = $10`,
    [...VALUES(values), id],
  );
}

export async function deleteRule(client: PoolClient, id: string) {
  await client.query('DELETE FROM expected_deliveries WHERE id = $1', [id]);
}

/** The subject key of the missing-file alert of one deadline (one open alert per rule and deadline). */
export const missingFileSubject = (ruleId: string, deadlineAt: Date) =>
  `expectedDelivery:${ruleId}:${deadlineAt.toISOString()}`;

/** The subject keys of a rule's open missing-file alerts. */
export async function openMissingFileSubjects(
  client: PoolClient,
  customerId: number,
  ruleId: string,
): Promise<string[]> {
  const { rows } = await client.query<{ subject_key: string }>(
    `SELECT subject_key FROM alerts
      WHERE customer_id = $1 AND status = 'open' AND kind = 'missingFile' AND subject_key LIKE $2`,
    [customerId, `expectedDelivery:${ruleId}:%`],
  );
  return rows.map((row) => row.subject_key);
}
