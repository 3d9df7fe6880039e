import { WEEKDAYS, type Language, type Market, type TSupportContact } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { SUPPORT_PHONE_HOURS, supportHoursAt } from './support-hours.ts';

/** Each market's support contact (configured in the markets table) with its phone hours at `at`. */
export async function getSupportContact(
  db: Database,
  at: Date,
  language: Language,
): Promise<TSupportContact> {
  const { rows } = await db.$client.query<{
    code: Market;
    name: string;
    support_email: string;
    support_phone: string | null;
  }>('SELECT code, name, support_email, support_phone FROM markets ORDER BY name');
  return {
    at: at.toISOString(),
    markets: rows.map((row) => {
      const { timeZone, hours } = SUPPORT_PHONE_HOURS[row.code];
      const hasPhone = row.support_phone !== null;
      const state = supportHoursAt(row.code, at, language);
      return {
        market: row.code,
        name: row.name,
        email: row.support_email,
        phone: row.support_phone,
        timeZone,
        hours: WEEKDAYS.map((day) => ({
          day,
          opens: (hasPhone && hours[day]?.[0]) || null,
          closes: (hasPhone && hours[day]?.[1]) || null,
        })),
        // A market without a phone line is closed whatever the hours say (Norway, spec 9).
        ...(hasPhone ? state : { ...state, isOpen: false, closesAt: null, nextOpening: null }),
      };
    }),
  };
}
