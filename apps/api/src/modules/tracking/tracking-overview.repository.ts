import {
  ATTENTION_STATUSES,
  DEFAULT_TIME_ZONE,
  DELIVERY_CHANNEL_KEYS,
  OVERVIEW_ATTENTION_ROWS,
  OVERVIEW_DEFAULT_DAYS,
  TRACKING_STATUSES,
  type DeliveryChannel,
  type TrackingStatus,
  type TGetTrackingOverviewResponse,
  type TGetTrackingOverviewRequest,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { nextDay } from '../../lib/list-sql.ts';
import { listDocuments, listFiles } from './tracking.repository.ts';

const zeroStatuses = () =>
  Object.fromEntries(TRACKING_STATUSES.map((s) => [s, 0])) as Record<TrackingStatus, number>;
const zeroChannels = () =>
  Object.fromEntries(DELIVERY_CHANNEL_KEYS.map((c) => [c, 0])) as Record<DeliveryChannel, number>;

/** Today in a time zone, as YYYY-MM-DD. */
function today(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

/**
 * The account's numbers for a range of days: files and documents by status, documents by channel
 * (in total and per day), and the newest files and documents that need attention. Files are
 * counted from the (customer, date) index alone (status is included in it); documents, a hundred
 * times as many, from their hourly counts (tracking_document_counts), so the cost follows the
 * length of the range, not the number of documents in it.
 */
export async function trackingOverview(
  db: Database,
  customerId: number,
  query: TGetTrackingOverviewRequest,
  now = new Date(),
): Promise<TGetTrackingOverviewResponse> {
  const timeZone = query.timeZone ?? DEFAULT_TIME_ZONE;
  const toDate = query.toDate ?? today(timeZone, now);
  const fromDate = query.fromDate ?? addDays(toDate, -(OVERVIEW_DEFAULT_DAYS - 1));
  const range = [customerId, `${fromDate} 00:00`, `${nextDay(toDate)} 00:00`, timeZone];
  const inRange = (column: string) =>
    `customer_id = $1 AND ${column} >= ($2::timestamp AT TIME ZONE $4) AND ${column} < ($3::timestamp AT TIME ZONE $4)`;

  const filter = {
    dateOperator: 'between' as const,
    fromDate,
    toDate,
    timeZone,
    status: [...ATTENTION_STATUSES],
    page: 1,
    pageSize: OVERVIEW_ATTENTION_ROWS,
  };
  const [files, documents, attentionFiles, attentionDocuments] = await Promise.all([
    db.$client.query<{ status: TrackingStatus; n: number }>(
      `SELECT status, count(*)::int AS n FROM tracking_files WHERE ${inRange('arrived_at')} GROUP BY status`,
      range,
    ),
    db.$client.query<{ status: TrackingStatus; channels: DeliveryChannel[]; day: string; n: number }>(
      `WITH whole_hours AS (
         -- Hourly counts add up to exact local days when every local midnight of the range is a
         -- whole UTC hour: always in the Nordic zones, not in e.g. Asia/Kolkata (UTC+05:30).
         SELECT bool_and(date_trunc('hour', midnight, 'UTC') = midnight) AS exact
           FROM generate_series($2::timestamp, $3::timestamp, interval '1 day') AS d(day),
                LATERAL (SELECT d.day AT TIME ZONE $4 AS midnight) m)
       SELECT status, channels, to_char(hour AT TIME ZONE $4, 'YYYY-MM-DD') AS day, sum(documents)::int AS n
         FROM tracking_document_counts
        WHERE ${inRange('hour')} AND (SELECT exact FROM whole_hours)
        GROUP BY 1, 2, 3
       UNION ALL
       SELECT status, channels, to_char(created_at AT TIME ZONE $4, 'YYYY-MM-DD'), count(*)::int
         FROM tracking_documents
        WHERE ${inRange('created_at')} AND NOT (SELECT exact FROM whole_hours)
        GROUP BY 1, 2, 3`,
      range,
    ),
    listFiles(db, customerId, { ...filter, sortBy: 'arrivedAt' }),
    listDocuments(db, customerId, { ...filter, sortBy: 'createdAt' }),
  ]);

  const fileStatuses = zeroStatuses();
  for (const row of files.rows) fileStatuses[row.status] = row.n;
  const documentStatuses = zeroStatuses();
  const byChannel = zeroChannels();
  const days = new Map<string, Record<DeliveryChannel, number>>();
  for (let day = fromDate; day <= toDate; day = nextDay(day)) days.set(day, zeroChannels());
  for (const row of documents.rows) {
    documentStatuses[row.status] += row.n;
    const day = days.get(row.day);
    for (const channel of row.channels) {
      byChannel[channel] += row.n;
      if (day) day[channel] += row.n;
    }
  }
  const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
  return {
    fromDate,
    toDate,
    timeZone,
    files: { total: sum(fileStatuses), byStatus: fileStatuses },
    documents: { total: sum(documentStatuses), byStatus: documentStatuses, byChannel },
    channelsByDay: [...days].map(([date, channels]) => ({ date, channels })),
    attention: { files: attentionFiles.rows, documents: attentionDocuments.rows },
  };
}
