import type { PoolClient } from 'pg';
import type { AlertKind, AlertStatus } from '@service-hub/contracts';
import { recordEvents } from '../events/events.repository.ts';
import { routeAlerts } from '../alert-notifications/alert-routing.ts';

/** An alert as the checks that raise and resolve it see it. */
export type StoredAlert = {
  id: string;
  customerId: number;
  kind: AlertKind;
  subjectKey: string;
  status: AlertStatus;
  details: Record<string, unknown>;
  raisedAt: Date;
  resolvedAt: Date | null;
  resolution: Record<string, unknown> | null;
};

type Row = {
  id: string;
  customer_id: number;
  kind: AlertKind;
  subject_key: string;
  status: AlertStatus;
  details: Record<string, unknown>;
  raised_at: Date;
  resolved_at: Date | null;
  resolution: Record<string, unknown> | null;
};

const COLUMNS = 'id, customer_id, kind, subject_key, status, details, raised_at, resolved_at, resolution';

const toAlert = (row: Row): StoredAlert => ({
  id: row.id,
  customerId: row.customer_id,
  kind: row.kind,
  subjectKey: row.subject_key,
  status: row.status,
  details: row.details,
  raisedAt: row.raised_at,
  resolvedAt: row.resolved_at,
  resolution: row.resolution,
});

/** What every alert change tells webhooks (`alert.raised` / `alert.resolved`). */
const eventData = (alert: StoredAlert) => ({
  alertId: alert.id,
  kind: alert.kind,
  status: alert.status,
  raisedAt: alert.raisedAt.toISOString(),
  resolvedAt: alert.resolvedAt?.toISOString() ?? null,
  details: alert.details,
  resolution: alert.resolution,
});

/**
 * Raises an alert inside the caller's transaction, unless one about the same subject is open
 * already (one cause, one open alert; a unique index makes that hold between workers too). The
 * account's `alert.raised` event and the users' notifications are written in the same
 * transaction. Answers the new alert, or undefined when it was open already.
 */
export async function raiseAlert(
  client: PoolClient,
  alert: {
    customerId: number;
    kind: AlertKind;
    subjectKey: string;
    details: Record<string, unknown>;
    raisedAt?: Date;
  },
): Promise<StoredAlert | undefined> {
  const { rows } = await client.query<Row>(
    `INSERT INTO alerts (customer_id, kind, subject_key, details, raised_at)
     VALUES ($1, $2, $3, $4, coalesce($5, now()))
     ON CONFLICT (customer_id, subject_key) WHERE status = 'open' DO NOTHING
     RETURNING ${COLUMNS}`,
    [alert.customerId, alert.kind, alert.subjectKey, JSON.stringify(alert.details), alert.raisedAt ?? null],
  );
  if (!rows[0]) return undefined;
  const raised = toAlert(rows[0]);
  await recordEvents(client, [
    {
      customerId: raised.customerId,
      type: 'alert.raised',
      occurredAt: raised.raisedAt,
      data: eventData(raised),
    },
  ]);
  await routeAlerts(client, [raised]);
  return raised;
}

/**
 * Resolves the open alert about a subject, with why (e.g. `{ reason: 'arrivedLate', lateMinutes: 42 }`),
 * inside the caller's transaction; writes `alert.resolved` and tells the users. Answers the
 * resolved alert, or undefined when none was open.
 */
export async function resolveAlert(
  client: PoolClient,
  alert: { customerId: number; subjectKey: string; resolution: Record<string, unknown> },
): Promise<StoredAlert | undefined> {
  const { rows } = await client.query<Row>(
    `UPDATE alerts SET status = 'resolved', resolved_at = now(), resolution = $3
      WHERE customer_id = $1 AND subject_key = $2 AND status = 'open'
      RETURNING ${COLUMNS}`,
    [alert.customerId, alert.subjectKey, JSON.stringify(alert.resolution)],
  );
  if (!rows[0]) return undefined;
  const resolved = toAlert(rows[0]);
  await recordEvents(client, [
    {
      customerId: resolved.customerId,
      type: 'alert.resolved',
      occurredAt: resolved.resolvedAt!,
      data: eventData(resolved),
    },
  ]);
  await routeAlerts(client, [resolved]);
  return resolved;
}

/**
 * Raises many alerts in one statement (the evaluation of expected deliveries raises one per missing
 * deadline, possibly thousands in a pass): as `raiseAlert` for each, skipping those open already.
 * Answers the alerts raised.
 */
export async function raiseAlerts(
  client: PoolClient,
  alerts: readonly {
    customerId: number;
    kind: AlertKind;
    subjectKey: string;
    details: Record<string, unknown>;
  }[],
): Promise<StoredAlert[]> {
  if (alerts.length === 0) return [];
  const { rows } = await client.query<Row>(
    `INSERT INTO alerts (customer_id, kind, subject_key, details)
     SELECT a.customer_id, a.kind, a.subject_key, a.details
       FROM jsonb_to_recordset($1::jsonb) AS a(customer_id int, kind text, subject_key text, details jsonb)
     ON CONFLICT (customer_id, subject_key) WHERE status = 'open' DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      JSON.stringify(
        alerts.map((a) => ({
          customer_id: a.customerId,
          kind: a.kind,
          subject_key: a.subjectKey,
          details: a.details,
        })),
      ),
    ],
  );
  const raised = rows.map(toAlert);
  await recordEvents(
    client,
    raised.map((alert) => ({
      customerId: alert.customerId,
      type: 'alert.raised' as const,
      occurredAt: alert.raisedAt,
      data: eventData(alert),
    })),
  );
  await routeAlerts(client, raised);
  return raised;
}

/** Resolves many open alerts in one statement, as `resolveAlert` for each. Answers those resolved. */
export async function resolveAlerts(
  client: PoolClient,
  alerts: readonly { customerId: number; subjectKey: string; resolution: Record<string, unknown> }[],
): Promise<StoredAlert[]> {
  if (alerts.length === 0) return [];
  const { rows } = await client.query<Row>(
    `UPDATE alerts SET status = 'resolved', resolved_at = now(), resolution = r.resolution
       FROM jsonb_to_recordset($1::jsonb) AS r(customer_id int, subject_key text, resolution jsonb)
      WHERE alerts.customer_id = r.customer_id AND alerts.subject_key = r.subject_key AND alerts.status = 'open'
      RETURNING ${COLUMNS.split(', ')
        .map((column) => `alerts.${column}`)
        .join(', ')}`,
    [
      JSON.stringify(
        alerts.map((a) => ({
          customer_id: a.customerId,
          subject_key: a.subjectKey,
          resolution: a.resolution,
        })),
      ),
    ],
  );
  const resolved = rows.map(toAlert);
  await recordEvents(
    client,
    resolved.map((alert) => ({
      customerId: alert.customerId,
      type: 'alert.resolved' as const,
      occurredAt: alert.resolvedAt!,
      data: eventData(alert),
    })),
  );
  await routeAlerts(client, resolved);
  return resolved;
}
