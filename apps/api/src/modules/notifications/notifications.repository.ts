import type { NotificationType, TNotification } from '@service-hub/contracts';
import type { PoolClient } from 'pg';
import type { Database } from '../../db/client.ts';

/** The channel on which PostgreSQL tells every API instance about new notifications. */
export const NOTIFICATION_CHANNEL = 'hub_notifications';

const LIST_LIMIT = 50;

type Row = {
  id: number;
  type: NotificationType;
  payload: TNotification['payload'];
  created: Date;
  read_at: Date | null;
};

const toNotification = (row: Row): TNotification => ({
  id: row.id,
  type: row.type,
  payload: row.payload,
  created: row.created.toISOString(),
  isNew: row.read_at === null,
});

export async function listNotifications(
  db: Database,
  userId: string,
): Promise<{ notifications: TNotification[]; newCount: number }> {
  const [list, count] = await Promise.all([
    db.$client.query<Row>(
      'SELECT id, type, payload, created, read_at FROM notifications WHERE user_id = $1 ORDER BY created DESC, id DESC LIMIT $2',
      [userId, LIST_LIMIT],
    ),
    db.$client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL',
      [userId],
    ),
  ]);
  return { notifications: list.rows.map(toNotification), newCount: count.rows[0]?.n ?? 0 };
}

export async function findNotification(
  db: Database,
  id: number,
): Promise<(TNotification & { userId: string }) | undefined> {
  const { rows } = await db.$client.query<Row & { user_id: string }>(
    'SELECT id, user_id, type, payload, created, read_at FROM notifications WHERE id = $1',
    [id],
  );
  const row = rows[0];
  return row && { ...toNotification(row), userId: row.user_id };
}

/** Marks every new notification of the user as seen. */
export async function clearNewNotifications(db: Database, userId: string): Promise<void> {
  await db.$client.query('UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL', [
    userId,
  ]);
}

/**
 * Stores a notification and announces it to every instance in the same transaction, so a
 * listener never hears of a row it cannot read. Features call this when a case gets a reply, a
 * report is ready or an import finishes.
 */
export async function createNotification(
  db: Database,
  notification: { userId: string; type: NotificationType; payload: TNotification['payload'] },
): Promise<TNotification> {
  const client = await db.$client.connect();
  try {
    await client.query('BEGIN');
    const created = await insertNotification(client, notification);
    await client.query('COMMIT');
    return created;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * The same inside the caller's transaction: the notification exists, and is announced, exactly
 * when the change it tells of is committed.
 */
export async function insertNotification(
  client: PoolClient,
  notification: { userId: string; type: NotificationType; payload: TNotification['payload'] },
): Promise<TNotification> {
  const { rows } = await client.query<Row>(
    'INSERT INTO notifications (user_id, type, payload) VALUES ($1, $2, $3) RETURNING id, type, payload, created, read_at',
    [notification.userId, notification.type, notification.payload],
  );
  const row = rows[0]!;
  await client.query('SELECT pg_notify($1, $2)', [
    NOTIFICATION_CHANNEL,
    JSON.stringify({ id: row.id, userId: notification.userId }),
  ]);
  return toNotification(row);
}

export type NewNotification = { userId: string; type: NotificationType; payload: TNotification['payload'] };

/**
 * Many notifications inside the caller's transaction, as `insertNotification` for each, in two
 * statements however many there are (an evaluation pass may tell a thousand users at once).
 */
export async function insertNotifications(
  client: PoolClient,
  notifications: readonly NewNotification[],
): Promise<void> {
  if (notifications.length === 0) return;
  const { rows } = await client.query<{ id: number; user_id: string }>(
    `INSERT INTO notifications (user_id, type, payload)
     SELECT n.user_id, n.type, n.payload FROM jsonb_to_recordset($1::jsonb) AS n(user_id uuid, type text, payload jsonb)
     RETURNING id, user_id`,
    [JSON.stringify(notifications.map((n) => ({ user_id: n.userId, type: n.type, payload: n.payload })))],
  );
  await client.query('SELECT pg_notify($1, message) FROM unnest($2::text[]) AS message', [
    NOTIFICATION_CHANNEL,
    rows.map((row) => JSON.stringify({ id: row.id, userId: row.user_id })),
  ]);
}
