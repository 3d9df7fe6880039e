import type { TFunction } from 'i18next';
import {
  ALERT_COUNT_MAX,
  ALERT_WINDOW_MINUTES,
  DEFAULT_ALERT_RULES,
  DELIVERY_CHANNEL_KEYS,
  ZCreateAlertRuleRequest,
  type DeliveryChannel,
  type TAlertRule,
  type TCreateAlertRuleRequest,
  type ThresholdAlertKind,
  type ThresholdMeasure,
} from '@service-hub/contracts';
import { ApiRequestError } from '../../../lib/api/client';
import { formatNumber } from '../../../lib/format';
import {
  describeWindow,
  formatPercent,
  MINUTES_PER_UNIT,
  windowParts,
  type WindowUnit,
} from './rule-sentence';

/**
 * The add/edit dialog's values. The window is typed as an amount and a unit (an administrator
 * thinks "24 hours", the API takes minutes); numbers are what Mantine's NumberInput holds ('' when
 * empty); `channel` '' stands for every channel.
 */
export type RuleFormValues = {
  kind: ThresholdAlertKind;
  measure: ThresholdMeasure;
  threshold: number | string;
  windowAmount: number | string;
  windowUnit: WindowUnit;
  channel: DeliveryChannel | '';
  minDocuments: number | string;
  enabled: boolean;
};

const FIRST_DEFAULT = DEFAULT_ALERT_RULES[0]!;

/** The dialog's values for a rule being edited, or for a new one (the first default's numbers). */
export function toFormValues(rule?: TAlertRule): RuleFormValues {
  const source = rule ?? { ...FIRST_DEFAULT, channel: null, enabled: true };
  const { amount, unit } = windowParts(source.windowMinutes);
  return {
    kind: source.kind,
    measure: source.measure,
    threshold: source.threshold,
    windowAmount: amount,
    windowUnit: unit,
    channel: source.channel ?? '',
    minDocuments: source.minDocuments,
    enabled: source.enabled,
  };
}

const numberOrUndefined = (value: number | string): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** A request being typed: a field may be missing, or empty (null) where the contract would default it. */
export type RuleRequestDraft = { [K in keyof TCreateAlertRuleRequest]?: TCreateAlertRuleRequest[K] | null };

/**
 * The request the dialog sends. A count rule keeps its minimum as it is (only shares use it); a
 * share's empty minimum is null, so it is asked for instead of quietly becoming the default.
 */
export function toRequest(values: RuleFormValues): RuleRequestDraft {
  const amount = numberOrUndefined(values.windowAmount);
  const minDocuments = numberOrUndefined(values.minDocuments);
  return {
    kind: values.kind,
    channel: values.channel === '' ? null : values.channel,
    measure: values.measure,
    threshold: numberOrUndefined(values.threshold),
    windowMinutes: amount === undefined ? undefined : amount * MINUTES_PER_UNIT[values.windowUnit],
    ...(values.measure === 'share'
      ? { minDocuments: minDocuments ?? null }
      : minDocuments !== undefined
        ? { minDocuments }
        : {}),
    enabled: values.enabled,
  };
}

/** The dialog's field for each field of the request (the window is typed as an amount). */
const FORM_FIELD: Record<string, keyof RuleFormValues> = { windowMinutes: 'windowAmount' };

/**
 * What to tell the administrator about a field the contract (in the browser) or the API (in its
 * 400) refused: the allowed range in their words and numbers, not zod's or the server's English.
 */
export function ruleFieldMessage(
  field: string,
  code: string,
  values: RuleFormValues,
  t: TFunction,
  language: string,
): string {
  if (code === 'required') return t('validation.required');
  const max = formatNumber(ALERT_COUNT_MAX, language);
  switch (field) {
    case 'threshold':
      return values.measure === 'share'
        ? t('alertSettings.form.errors.share', { max: formatPercent(100, language) })
        : t('alertSettings.form.errors.count', { max });
    case 'windowMinutes':
      return t('alertSettings.form.errors.window', {
        min: describeWindow(ALERT_WINDOW_MINUTES.min, t),
        max: describeWindow(ALERT_WINDOW_MINUTES.max, t),
      });
    case 'minDocuments':
      return t('alertSettings.form.errors.minDocuments', { max });
    default:
      return t('validation.invalidValue');
  }
}

/** The dialog's `validate`: the contract's own rules, worded per field. */
export function validateRule(t: TFunction, language: string) {
  return (values: RuleFormValues): Record<string, string> => {
    const result = ZCreateAlertRuleRequest.safeParse(toRequest(values));
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      const empty = issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null);
      errors[FORM_FIELD[field] ?? field] ??= ruleFieldMessage(
        field,
        empty ? 'required' : issue.code,
        values,
        t,
        language,
      );
    }
    return errors;
  };
}

/**
 * The API's field errors of a refused rule (400), on the dialog's fields and in the user's words.
 * Anything not about a field of the dialog comes back in `other` for the dialog to show itself.
 */
export function serverRuleErrors(
  error: unknown,
  values: RuleFormValues,
  t: TFunction,
  language: string,
): { fields: Record<string, string>; other: boolean } {
  const fields: Record<string, string> = {};
  let other = !(error instanceof ApiRequestError && error.body?.errors?.length);
  const known = new Set<string>(Object.keys(values).concat(Object.keys(FORM_FIELD)));
  for (const fieldError of error instanceof ApiRequestError ? (error.body?.errors ?? []) : []) {
    const field = fieldError.field.replace(/^body\./, '');
    if (!known.has(field)) {
      other = true;
      continue;
    }
    fields[FORM_FIELD[field] ?? field] ??= ruleFieldMessage(field, fieldError.code, values, t, language);
  }
  return { fields, other };
}

/** Every delivery channel, for the channel choice (the empty value is "all channels"). */
export const RULE_CHANNELS: readonly DeliveryChannel[] = DELIVERY_CHANNEL_KEYS;
