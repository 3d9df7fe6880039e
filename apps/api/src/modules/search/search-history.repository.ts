import {
  SEARCH_RECENT_KEPT,
  type SearchResultKind,
  type TGetSearchHistoryResponse,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import type { SearchScope } from './search-scope.ts';
import { findItems } from './search.repository.ts';

/**
 * Records that the user opened an item found by `query`: both become the newest of their list,
 * which keeps SEARCH_RECENT_KEPT entries. One transaction, so the lists never show one without
 * the other.
 */
export async function recordOpened(
  db: Database,
  userId: string,
  query: string,
  item: { kind: SearchResultKind; key: string; customerId: number | null },
): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO recent_searches (user_id, query) VALUES ($1, $2)
       ON CONFLICT (user_id, query) DO UPDATE SET used_at = now()`,
      [userId, query],
    );
    await client.query(
      `INSERT INTO recently_opened (user_id, kind, item_id, customer_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, kind, item_id) DO UPDATE SET opened_at = now(), customer_id = EXCLUDED.customer_id`,
      [userId, item.kind, item.key, item.customerId],
    );
    await client.query(
      `DELETE FROM recent_searches WHERE user_id = $1 AND query NOT IN (
         SELECT query FROM recent_searches WHERE user_id = $1 ORDER BY used_at DESC LIMIT $2)`,
      [userId, SEARCH_RECENT_KEPT],
    );
    await client.query(
      `DELETE FROM recently_opened WHERE user_id = $1 AND (kind, item_id) NOT IN (
         SELECT kind, item_id FROM recently_opened WHERE user_id = $1 ORDER BY opened_at DESC LIMIT $2)`,
      [userId, SEARCH_RECENT_KEPT],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

/**
 * The user's recent searches, and the items they opened as they are now: each read again within
 * the caller's scope of today, so an item of an account removed since, or of a service no longer
 * permitted, is not shown.
 */
export async function searchHistory(
  db: Database,
  userId: string,
  scope: SearchScope,
): Promise<TGetSearchHistoryResponse> {
  const [searches, opened] = await Promise.all([
    db.$client.query<{ query: string; used_at: Date }>(
      'SELECT query, used_at FROM recent_searches WHERE user_id = $1 ORDER BY used_at DESC',
      [userId],
    ),
    db.$client.query<{ kind: SearchResultKind; item_id: string }>(
      'SELECT kind, item_id FROM recently_opened WHERE user_id = $1 ORDER BY opened_at DESC',
      [userId],
    ),
  ]);
  const kinds = [...new Set(opened.rows.map((row) => row.kind))];
  const found = new Map(
    await Promise.all(
      kinds.map(
        async (kind) =>
          [
            kind,
            await findItems(
              db,
              scope,
              kind,
              opened.rows.filter((row) => row.kind === kind).map((row) => row.item_id),
            ),
          ] as const,
      ),
    ),
  );
  return {
    searches: searches.rows.map((row) => ({ query: row.query, usedAt: row.used_at.toISOString() })),
    opened: opened.rows.flatMap((row) => {
      const item = found.get(row.kind)?.get(row.item_id);
      return item ? [item] : [];
    }),
  };
}

export async function clearHistory(db: Database, userId: string): Promise<void> {
  await db.$client.query(
    `WITH searches AS (DELETE FROM recent_searches WHERE user_id = $1)
     DELETE FROM recently_opened WHERE user_id = $1`,
    [userId],
  );
}
