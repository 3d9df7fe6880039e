import type pg from 'pg';
import {
  LANGUAGES,
  STATUS_HISTORY_DAYS,
  type IncidentImpact,
  type StatusComponent,
  type StatusNoticeKind,
  type StatusUpdateStatus,
  type TLocalizedText,
  type TStatusNotice,
} from '@service-hub/contracts';

type Client = Pick<pg.PoolClient, 'query'>;

type NoticeRow = {
  id: string;
  kind: StatusNoticeKind;
  title: Partial<TLocalizedText>;
  components: StatusComponent[];
  impact: IncidentImpact | null;
  starts_at: Date;
  ends_at: Date | null;
  resolved_at: Date | null;
  updates: { id: string; status: StatusUpdateStatus; message: Partial<TLocalizedText>; at: string }[];
};

/** Every language present, missing ones null: the stored JSON holds only what was written. */
function localized(stored: Partial<TLocalizedText>): TLocalizedText {
  const text = Object.fromEntries(LANGUAGES.map((language) => [language, stored[language] ?? null]));
  return { ...text, 'en-SE': stored['en-SE'] ?? '' } as TLocalizedText;
}

function toNotice(row: NoticeRow): TStatusNotice {
  const updates = row.updates.map((update) => ({
    id: update.id,
    status: update.status,
    message: localized(update.message),
    at: new Date(update.at).toISOString(),
  }));
  return {
    id: row.id,
    kind: row.kind,
    title: localized(row.title),
    components: row.components,
    impact: row.impact,
    status: updates[0]!.status,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at?.toISOString() ?? null,
    resolvedAt: row.resolved_at?.toISOString() ?? null,
    updates,
  };
}

const NOTICE_COLUMNS = `
  n.id, n.kind, n.title, n.components, n.impact, n.starts_at, n.ends_at, n.resolved_at,
  (SELECT json_agg(json_build_object('id', u.id, 'status', u.status, 'message', u.message, 'at', u.created)
                   ORDER BY u.created DESC, u.id DESC)
     FROM status_notice_updates u WHERE u.notice_id = n.id) AS updates`;

/**
 * Open notices and those closed within the history window, newest first. A maintenance notice
 * planned for later is open too: the page announces it.
 */
export async function listNotices(client: Client): Promise<TStatusNotice[]> {
  const { rows } = await client.query<NoticeRow>(
    `SELECT ${NOTICE_COLUMNS} FROM status_notices n
      WHERE n.resolved_at IS NULL OR n.resolved_at >= now() - make_interval(days => $1)
      ORDER BY n.resolved_at IS NULL DESC, n.starts_at DESC, n.id`,
    [STATUS_HISTORY_DAYS],
  );
  return rows.map(toNotice);
}

export async function findNotice(
  client: Client,
  id: string,
  lock = false,
): Promise<TStatusNotice | undefined> {
  const { rows } = await client.query<NoticeRow>(
    `SELECT ${NOTICE_COLUMNS} FROM status_notices n WHERE n.id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] && toNotice(rows[0]);
}

/** Only the languages written are stored. */
const stored = (text: Partial<Record<string, string | null>>) =>
  JSON.stringify(Object.fromEntries(Object.entries(text).filter(([, value]) => value)));

export async function insertNotice(
  client: Client,
  notice: {
    kind: StatusNoticeKind;
    title: Partial<TLocalizedText>;
    components: StatusComponent[];
    impact: IncidentImpact | null;
    startsAt: Date | null;
    endsAt: Date | null;
  },
): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO status_notices (kind, title, components, impact, starts_at, ends_at)
     VALUES ($1, $2, $3, $4, coalesce($5, now()), $6) RETURNING id`,
    [notice.kind, stored(notice.title), notice.components, notice.impact, notice.startsAt, notice.endsAt],
  );
  return rows[0]!.id;
}

/** Adds an update; a closing one also closes the notice. */
export async function insertUpdate(
  client: Client,
  update: { noticeId: string; status: StatusUpdateStatus; message: Partial<TLocalizedText>; closes: boolean },
): Promise<void> {
  await client.query(`INSERT INTO status_notice_updates (notice_id, status, message) VALUES ($1, $2, $3)`, [
    update.noticeId,
    update.status,
    stored(update.message),
  ]);
  if (update.closes)
    await client.query('UPDATE status_notices SET resolved_at = now() WHERE id = $1', [update.noticeId]);
}
