import { z } from 'zod';
import { DELIVERY_CHANNEL_KEYS, type DeliveryChannel } from '../vocabularies.ts';
import {
  ALERT_EMAIL_MODES,
  THRESHOLD_ALERT_KINDS,
  THRESHOLD_MEASURES,
  type AlertKind,
  type ThresholdAlertKind,
  type ThresholdMeasure,
} from './events.ts';

/*
 * What an account watches (threshold rules and the on/off switches of the other checks) and where
 * each user hears of its alerts (issue 22). docs/alerts.md, "Threshold alerts and notifications".
 */

/** A rule's window: 5 minutes to 7 days (the database checks the same bounds). */
export const ALERT_WINDOW_MINUTES = { min: 5, max: 7 * 24 * 60 } as const;
/** The largest count threshold and minimum document count a rule may name. */
export const ALERT_COUNT_MAX = 1_000_000;

/**
 * The rules every account starts with (migration 0022's trigger creates them); "restore defaults"
 * brings back whichever of them is missing or switched off.
 */
export const DEFAULT_ALERT_RULES: readonly {
  kind: ThresholdAlertKind;
  measure: ThresholdMeasure;
  threshold: number;
  windowMinutes: number;
  minDocuments: number;
}[] = [
  { kind: 'documentsRejected', measure: 'share', threshold: 5, windowMinutes: 60, minDocuments: 20 },
  { kind: 'documentsNotDelivered', measure: 'share', threshold: 10, windowMinutes: 1440, minDocuments: 20 },
];

/**
 * How long a channel may take to report a delivery: "not delivered" looks at documents created in a
 * window that ended this long ago.
 */
export const NOT_DELIVERED_GRACE_MINUTES = 60;

/**
 * The local hour of the account's market at which its daily digests go out (the digest job's
 * DIGEST_HOUR; the web app says it to users choosing the digest).
 */
export const ALERT_DIGEST_HOUR = 7;

/** The checks besides the threshold rules that an account switches on or off as a whole. */
export const ALERT_CHECK_KINDS = [
  'missingFile',
  'ediMessageFailed',
  'reportFailed',
] as const satisfies readonly AlertKind[];
export type AlertCheckKind = (typeof ALERT_CHECK_KINDS)[number];

export const ZAlertRuleIdParams = z.object({ id: z.uuid() });

export const ZAlertRule = z
  .object({
    id: z.uuid(),
    kind: z.enum(THRESHOLD_ALERT_KINDS),
    /** A delivery channel, or null for every channel. */
    channel: z.enum(DELIVERY_CHANNEL_KEYS).nullable(),
    measure: z.enum(THRESHOLD_MEASURES),
    /** Percent for a share, documents for a count. */
    threshold: z.number(),
    windowMinutes: z.number().int(),
    minDocuments: z.number().int(),
    enabled: z.boolean(),
    /** The rule is one of the defaults, unchanged. */
    isDefault: z.boolean(),
    /** An alert of this rule is open now. */
    isRaised: z.boolean(),
  })
  .meta({ id: 'AlertRule' });
export type TAlertRule = z.infer<typeof ZAlertRule>;

export const ZAlertCheck = z
  .object({ kind: z.enum(ALERT_CHECK_KINDS), enabled: z.boolean() })
  .meta({ id: 'AlertCheck' });
export type TAlertCheck = z.infer<typeof ZAlertCheck>;

export const ZGetAlertSettingsResponse = z
  .object({
    rules: z.array(ZAlertRule),
    checks: z.array(ZAlertCheck),
    /** Every default rule exists unchanged and is switched on (nothing to restore). */
    hasAllDefaults: z.boolean(),
  })
  .meta({ id: 'GetAlertSettingsResponse' });
export type TGetAlertSettingsResponse = z.infer<typeof ZGetAlertSettingsResponse>;

const SHARE_MAX = 100;

/** A threshold rule as an administrator writes it (adding and editing alike). */
const ZAlertRuleInput = z
  .object({
    kind: z.enum(THRESHOLD_ALERT_KINDS),
    channel: z.enum(DELIVERY_CHANNEL_KEYS).nullable(),
    measure: z.enum(THRESHOLD_MEASURES),
    threshold: z.number().positive().max(ALERT_COUNT_MAX),
    windowMinutes: z.number().int().min(ALERT_WINDOW_MINUTES.min).max(ALERT_WINDOW_MINUTES.max),
    minDocuments: z.number().int().min(1).max(ALERT_COUNT_MAX).default(20),
    enabled: z.boolean().default(true),
  })
  .strict()
  .superRefine((rule, context) => {
    if (rule.measure === 'share' && rule.threshold > SHARE_MAX)
      context.addIssue({
        code: 'custom',
        path: ['threshold'],
        message: `This value cannot be bigger than ${SHARE_MAX}.`,
        params: { code: 'tooBig', maximum: SHARE_MAX },
      });
    if (rule.measure === 'count' && !Number.isInteger(rule.threshold))
      context.addIssue({
        code: 'custom',
        path: ['threshold'],
        message: 'A count is a whole number.',
        params: { code: 'invalidValue' },
      });
  });

export const ZCreateAlertRuleRequest = ZAlertRuleInput.meta({ id: 'CreateAlertRuleRequest' });
export type TCreateAlertRuleRequest = z.input<typeof ZCreateAlertRuleRequest>;
export const ZCreateAlertRuleResponse = ZAlertRule;
export type TCreateAlertRuleResponse = TAlertRule;

export const ZUpdateAlertRuleRequest = ZAlertRuleInput.meta({ id: 'UpdateAlertRuleRequest' });
export type TUpdateAlertRuleRequest = z.input<typeof ZUpdateAlertRuleRequest>;
export const ZUpdateAlertRuleResponse = ZAlertRule;
export type TUpdateAlertRuleResponse = TAlertRule;

export const ZSetAlertRuleEnabledRequest = z
  .object({ enabled: z.boolean() })
  .strict()
  .meta({ id: 'SetAlertRuleEnabledRequest' });
export type TSetAlertRuleEnabledRequest = z.infer<typeof ZSetAlertRuleEnabledRequest>;
export const ZSetAlertRuleEnabledResponse = ZAlertRule;
export type TSetAlertRuleEnabledResponse = TAlertRule;

export const ZRestoreDefaultAlertRulesResponse = ZGetAlertSettingsResponse;
export type TRestoreDefaultAlertRulesResponse = TGetAlertSettingsResponse;

export const ZSetAlertCheckRequest = z
  .object({ kind: z.enum(ALERT_CHECK_KINDS), enabled: z.boolean() })
  .strict()
  .meta({ id: 'SetAlertCheckRequest' });
export type TSetAlertCheckRequest = z.infer<typeof ZSetAlertCheckRequest>;
export const ZSetAlertCheckResponse = ZAlertCheck;
export type TSetAlertCheckResponse = TAlertCheck;

/** Where the signed-in user hears of the active account's alerts. */
export const ZAlertPreferences = z
  .object({
    /** In the Hub: the notification bell, live. */
    inHub: z.boolean(),
    /** By e-mail: never, at once, or one daily digest at 07:00 in the account's market. */
    email: z.enum(ALERT_EMAIL_MODES),
  })
  .meta({ id: 'AlertPreferences' });
export type TAlertPreferences = z.infer<typeof ZAlertPreferences>;

export const ZGetAlertPreferencesResponse = ZAlertPreferences;
export type TGetAlertPreferencesResponse = TAlertPreferences;

export const ZUpdateAlertPreferencesRequest = z
  .object({ inHub: z.boolean(), email: z.enum(ALERT_EMAIL_MODES) })
  .strict()
  .meta({ id: 'UpdateAlertPreferencesRequest' });
export type TUpdateAlertPreferencesRequest = z.infer<typeof ZUpdateAlertPreferencesRequest>;
export const ZUpdateAlertPreferencesResponse = ZAlertPreferences;
export type TUpdateAlertPreferencesResponse = TAlertPreferences;

/** Whether a rule is one of the defaults, unchanged (its switch may be off). */
export function isDefaultAlertRule(rule: {
  kind: ThresholdAlertKind;
  channel: DeliveryChannel | null;
  measure: ThresholdMeasure;
  threshold: number;
  windowMinutes: number;
  minDocuments: number;
}): boolean {
  return DEFAULT_ALERT_RULES.some(
    (d) =>
      rule.channel === null &&
      d.kind === rule.kind &&
      d.measure === rule.measure &&
      d.threshold === rule.threshold &&
      d.windowMinutes === rule.windowMinutes &&
      d.minDocuments === rule.minDocuments,
  );
}

/**
 * Whether a measured value raises a rule's alert: more than the threshold, and for a share only
 * when the window holds at least the rule's minimum of documents (3 of 4 is not a trend).
 */
export function exceedsThreshold(
  rule: { measure: ThresholdMeasure; threshold: number; minDocuments: number },
  measured: { matching: number; total: number },
): boolean {
  if (rule.measure === 'count') return measured.matching > rule.threshold;
  if (measured.total < rule.minDocuments || measured.total === 0) return false;
  return (100 * measured.matching) / measured.total > rule.threshold;
}

/** The measured value of a rule: the share in percent (one decimal) or the count. */
export function measuredValue(
  measure: ThresholdMeasure,
  measured: { matching: number; total: number },
): number {
  if (measure === 'count') return measured.matching;
  if (measured.total === 0) return 0;
  return Math.round((1000 * measured.matching) / measured.total) / 10;
}
