import type { SavedViewList, TSavedView } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';

type ViewRow = {
  id: string;
  list: SavedViewList;
  name: string;
  query: string;
  shared: boolean;
  user_id: string;
  owner_name: string;
  modified: Date;
};

const toView = (row: ViewRow, userId: string): TSavedView => ({
  id: row.id,
  list: row.list,
  name: row.name,
  query: row.query,
  shared: row.shared,
  isOwn: row.user_id === userId,
  ownerName: row.owner_name,
  modified: row.modified.toISOString(),
});

const COLUMNS = `v.id, v.list, v.name, v.query, v.shared, v.user_id, u.display_name AS owner_name, v.modified`;

/** The user's own views of a list in an account, and those colleagues of the account shared. */
export async function listViews(
  db: Database,
  userId: string,
  customerId: number,
  list: SavedViewList,
): Promise<TSavedView[]> {
  const { rows } = await db.$client.query<ViewRow>(
    `SELECT ${COLUMNS} FROM saved_views v JOIN users u ON u.id = v.user_id
      WHERE v.customer_id = $2 AND v.list = $3 AND (v.user_id = $1 OR v.shared)
      ORDER BY v.user_id <> $1, lower(v.name)`,
    [userId, customerId, list],
  );
  return rows.map((row) => toView(row, userId));
}

/** A view of this account by id, whoever owns it. */
export async function findView(db: Database, id: string, customerId: number, userId: string) {
  const { rows } = await db.$client.query<ViewRow>(
    `SELECT ${COLUMNS} FROM saved_views v JOIN users u ON u.id = v.user_id WHERE v.id = $1 AND v.customer_id = $2`,
    [id, customerId],
  );
  return rows[0] && toView(rows[0], userId);
}

/** Inserts; undefined when the user already has a view of that name there. */
export async function insertView(
  db: Database,
  view: {
    userId: string;
    customerId: number;
    list: SavedViewList;
    name: string;
    query: string;
    shared: boolean;
  },
): Promise<string | undefined> {
  const { rows } = await db.$client.query<{ id: string }>(
    `INSERT INTO saved_views (user_id, customer_id, list, name, query, shared) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT DO NOTHING RETURNING id`,
    [view.userId, view.customerId, view.list, view.name, view.query, view.shared],
  );
  return rows[0]?.id;
}

/** Updates the user's own view; 'missing' when it is not theirs, 'taken' when the name is. */
export async function updateView(
  db: Database,
  view: { id: string; userId: string; customerId: number; name: string; query: string; shared: boolean },
): Promise<'updated' | 'missing' | 'taken'> {
  try {
    const { rowCount } = await db.$client.query(
      `UPDATE saved_views SET name = $4, query = $5, shared = $6, modified = now()
        WHERE id = $1 AND user_id = $2 AND customer_id = $3`,
      [view.id, view.userId, view.customerId, view.name, view.query, view.shared],
    );
    return rowCount === 1 ? 'updated' : 'missing';
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return 'taken';
    throw error;
  }
}

export async function deleteView(
  db: Database,
  id: string,
  userId: string,
  customerId: number,
): Promise<boolean> {
  const { rowCount } = await db.$client.query(
    'DELETE FROM saved_views WHERE id = $1 AND user_id = $2 AND customer_id = $3',
    [id, userId, customerId],
  );
  return rowCount === 1;
}

export async function listColumns(
  db: Database,
  userId: string,
  list: SavedViewList,
): Promise<string[] | null> {
  const { rows } = await db.$client.query<{ columns: string[] }>(
    'SELECT columns FROM list_preferences WHERE user_id = $1 AND list = $2',
    [userId, list],
  );
  return rows[0]?.columns ?? null;
}

export async function saveColumns(
  db: Database,
  userId: string,
  list: SavedViewList,
  columns: readonly string[],
): Promise<void> {
  await db.$client.query(
    `INSERT INTO list_preferences (user_id, list, columns) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, list) DO UPDATE SET columns = EXCLUDED.columns, modified = now()`,
    [userId, list, columns],
  );
}
