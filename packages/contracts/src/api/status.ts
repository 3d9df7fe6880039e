import { z } from 'zod';
import { LANGUAGES } from '../vocabularies.ts';
import { optionalText, text } from './fields.ts';

/*
 * The public status page (docs/status-page.md): the state of each part of the Hub, computed from
 * its own health checks, and the incidents and maintenance notices that provider administrators
 * write.
 */

/** The parts of the Hub the status page reports on, in the order it shows them. */
export const STATUS_COMPONENTS = ['signIn', 'api', 'tracking', 'reports', 'email', 'ediTracking'] as const;
export type StatusComponent = (typeof STATUS_COMPONENTS)[number];

/**
 * A component's state, best first. `maintenance` while a maintenance notice covers it; `unknown`
 * when the Hub cannot measure it (its database is unreachable).
 */
export const COMPONENT_STATES = ['operational', 'maintenance', 'degraded', 'outage', 'unknown'] as const;
export type ComponentState = (typeof COMPONENT_STATES)[number];

export const STATUS_NOTICE_KINDS = ['incident', 'maintenance'] as const;
export type StatusNoticeKind = (typeof STATUS_NOTICE_KINDS)[number];

/** How badly an incident affects its components: minor → degraded, major → outage. */
export const INCIDENT_IMPACTS = ['minor', 'major'] as const;
export type IncidentImpact = (typeof INCIDENT_IMPACTS)[number];

/** The steps of an incident, the last one closing it. */
export const INCIDENT_STATUSES = ['investigating', 'identified', 'monitoring', 'resolved'] as const;
/** The steps of a maintenance notice, the last one closing it. */
export const MAINTENANCE_STATUSES = ['scheduled', 'inProgress', 'completed'] as const;
export const STATUS_UPDATE_STATUSES = [...INCIDENT_STATUSES, ...MAINTENANCE_STATUSES] as const;
export type StatusUpdateStatus = (typeof STATUS_UPDATE_STATUSES)[number];
/** Posting one of these closes the notice. */
export const CLOSING_STATUSES: readonly StatusUpdateStatus[] = ['resolved', 'completed'];

/** Closed notices are shown (and kept) this long; the nightly purge deletes older ones. */
export const STATUS_HISTORY_DAYS = 90;
/** How long a computed status is reused by the server and by caches in between. */
export const STATUS_CACHE_SECONDS = 15;

export const STATUS_TITLE_MAX = 200;
export const STATUS_MESSAGE_MAX = 4000;

/**
 * Text an administrator writes: English (the default language) is required, the other four
 * languages are optional; a reader sees their language when it is there, English otherwise.
 */
const localizedText = (max: number) =>
  z
    .object({
      'en-SE': text().trim().min(1).max(max),
      sv: optionalText(max),
      no: optionalText(max),
      da: optionalText(max),
      fi: optionalText(max),
    })
    .strict();

export const ZLocalizedText = z
  .object({
    'en-SE': z.string(),
    sv: z.string().nullable(),
    no: z.string().nullable(),
    da: z.string().nullable(),
    fi: z.string().nullable(),
  })
  .meta({ id: 'LocalizedText' });
export type TLocalizedText = z.infer<typeof ZLocalizedText>;

export const ZStatusNoticeUpdate = z
  .object({
    id: z.string().uuid(),
    status: z.enum(STATUS_UPDATE_STATUSES),
    message: ZLocalizedText,
    at: z.string().describe('When the update was posted (ISO 8601)'),
  })
  .meta({ id: 'StatusNoticeUpdate' });
export type TStatusNoticeUpdate = z.infer<typeof ZStatusNoticeUpdate>;

export const ZStatusNotice = z
  .object({
    id: z.string().uuid(),
    kind: z.enum(STATUS_NOTICE_KINDS),
    title: ZLocalizedText,
    components: z.array(z.enum(STATUS_COMPONENTS)),
    impact: z.enum(INCIDENT_IMPACTS).nullable().describe('Incidents only'),
    status: z.enum(STATUS_UPDATE_STATUSES).describe("The latest update's status"),
    startsAt: z.string().describe('Incident: when it was opened; maintenance: the planned start'),
    endsAt: z.string().nullable().describe('Maintenance: the planned end'),
    resolvedAt: z.string().nullable(),
    updates: z.array(ZStatusNoticeUpdate).describe('Newest first'),
  })
  .meta({ id: 'StatusNotice' });
export type TStatusNotice = z.infer<typeof ZStatusNotice>;

/** The public answer: no host names, errors or volumes, only states and what administrators wrote. */
export const ZPublicStatus = z
  .object({
    updatedAt: z.string().describe('When the states were computed (ISO 8601)'),
    components: z.array(z.object({ id: z.enum(STATUS_COMPONENTS), state: z.enum(COMPONENT_STATES) })),
    notices: z
      .array(ZStatusNotice)
      .describe(`Open notices and those closed in the last ${STATUS_HISTORY_DAYS} days, newest first`),
  })
  .meta({ id: 'PublicStatus' });
export type TPublicStatus = z.infer<typeof ZPublicStatus>;

export const ZGetStatusResponse = ZPublicStatus;
export type TGetStatusResponse = z.infer<typeof ZGetStatusResponse>;

export const ZGetStatusFeedRequest = z.object({
  lang: z.enum(LANGUAGES).default('en-SE').describe('Language of the fixed words'),
});
export type TGetStatusFeedRequest = z.infer<typeof ZGetStatusFeedRequest>;

export const ZListStatusNoticesResponse = z.array(ZStatusNotice);
export type TListStatusNoticesResponse = z.infer<typeof ZListStatusNoticesResponse>;

const ZOffsetDateTime = text()
  .refine((value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value), {
    error: 'Enter a date and time.',
    params: { code: 'invalidFormat' },
  })
  .refine((value) => !Number.isNaN(Date.parse(value)), {
    error: 'Enter a date and time.',
    params: { code: 'invalidFormat' },
  });

export const ZCreateStatusNoticeRequest = z
  .object({
    kind: z.enum(STATUS_NOTICE_KINDS),
    title: localizedText(STATUS_TITLE_MAX),
    message: localizedText(STATUS_MESSAGE_MAX).describe('The first update'),
    components: z
      .array(z.enum(STATUS_COMPONENTS))
      .min(1)
      .max(STATUS_COMPONENTS.length)
      .refine((list) => new Set(list).size === list.length, {
        error: 'Each component once.',
        params: { code: 'invalidValue' },
      }),
    impact: z.enum(INCIDENT_IMPACTS).nullish().describe('Required for an incident, absent for maintenance'),
    startsAt: ZOffsetDateTime.nullish().describe('Maintenance: the planned start (required)'),
    endsAt: ZOffsetDateTime.nullish().describe('Maintenance: the planned end (required)'),
  })
  .strict()
  .superRefine((notice, context) => {
    const issue = (path: string, message: string, code: string) =>
      context.addIssue({ code: 'custom', path: [path], message, params: { code } });
    if (notice.kind === 'incident') {
      if (!notice.impact) issue('impact', 'Choose the impact.', 'required');
      if (notice.startsAt || notice.endsAt)
        issue('startsAt', 'Only maintenance has a window.', 'invalidValue');
      return;
    }
    if (notice.impact) issue('impact', 'Maintenance has no impact level.', 'invalidValue');
    if (!notice.startsAt) issue('startsAt', 'Enter a date and time.', 'required');
    if (!notice.endsAt) issue('endsAt', 'Enter a date and time.', 'required');
    if (notice.startsAt && notice.endsAt && Date.parse(notice.endsAt) <= Date.parse(notice.startsAt))
      issue('endsAt', 'The end must be after the start.', 'endBeforeStart');
  });
export type TCreateStatusNoticeRequest = z.input<typeof ZCreateStatusNoticeRequest>;
export const ZCreateStatusNoticeResponse = ZStatusNotice;
export type TCreateStatusNoticeResponse = z.infer<typeof ZCreateStatusNoticeResponse>;

export const ZStatusNoticeIdParam = z.object({ id: z.string().uuid() });

export const ZAddStatusNoticeUpdateRequest = z
  .object({
    status: z.enum(STATUS_UPDATE_STATUSES),
    message: localizedText(STATUS_MESSAGE_MAX),
  })
  .strict();
export type TAddStatusNoticeUpdateRequest = z.input<typeof ZAddStatusNoticeUpdateRequest>;
export const ZAddStatusNoticeUpdateResponse = ZStatusNotice;
export type TAddStatusNoticeUpdateResponse = z.infer<typeof ZAddStatusNoticeUpdateResponse>;

/** The statuses an update of a notice of this kind may carry. */
export function statusesOf(kind: StatusNoticeKind): readonly StatusUpdateStatus[] {
  return kind === 'incident' ? INCIDENT_STATUSES : MAINTENANCE_STATUSES;
}

/**
 * Whether a maintenance notice is under way at `now`: not completed, and either inside its planned
 * window or marked in progress by an administrator (work that started early or runs late). The
 * API shows its components as "maintenance"; the signed-in app shows a banner.
 */
export function isMaintenanceUnderWay(
  notice: Pick<TStatusNotice, 'kind' | 'resolvedAt' | 'status' | 'startsAt' | 'endsAt'>,
  now: Date,
): boolean {
  if (notice.kind !== 'maintenance' || notice.resolvedAt !== null) return false;
  if (notice.status === 'inProgress') return true;
  const time = now.getTime();
  return Date.parse(notice.startsAt) <= time && time < Date.parse(notice.endsAt ?? '');
}
