import type { TFunction } from 'i18next';
import type { TAlertRule } from '@service-hub/contracts';
import { formatNumber } from '../../../lib/format';
import { intlLocale } from '../../../lib/languages';

/** What a rule's sentence needs: the rule as listed, or as the dialog is about to send it. */
export type RuleWords = Pick<
  TAlertRule,
  'kind' | 'channel' | 'measure' | 'threshold' | 'windowMinutes' | 'minDocuments'
>;

export const WINDOW_UNITS = ['minutes', 'hours', 'days'] as const;
export type WindowUnit = (typeof WINDOW_UNITS)[number];
export const MINUTES_PER_UNIT: Record<WindowUnit, number> = { minutes: 1, hours: 60, days: 1440 };

/**
 * A window in the largest unit that divides it evenly, the way an administrator would say it:
 * 60 → 1 hour, 1440 → 1 day, 90 → 90 minutes.
 */
export function windowParts(minutes: number): { amount: number; unit: WindowUnit } {
  if (minutes % MINUTES_PER_UNIT.days === 0) return { amount: minutes / MINUTES_PER_UNIT.days, unit: 'days' };
  if (minutes % MINUTES_PER_UNIT.hours === 0)
    return { amount: minutes / MINUTES_PER_UNIT.hours, unit: 'hours' };
  return { amount: minutes, unit: 'minutes' };
}

const percentFormats = new Map<string, Intl.NumberFormat>();

/** A share in percent (5 → "5 %", 2.5 → "2.5 %" or "2,5 %") in the user's locale. */
export function formatPercent(percent: number, language: string): string {
  const locale = intlLocale(language);
  let format = percentFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
    percentFormats.set(locale, format);
  }
  return format.format(percent / 100);
}

/** "1 hour", "24 hours", "15 minutes" in the user's language (a day reads better than 1 440 minutes). */
export function describeWindow(minutes: number, t: TFunction): string {
  const { amount, unit } = windowParts(minutes);
  return t(`alertSettings.window.${unit}`, { count: amount });
}

/**
 * A rule as a sentence in the user's language, e.g. "Alert when more than 5 % of documents are
 * rejected within 1 hour, all channels". The language orders the parts; numbers are in its locale.
 */
export function describeAlertRule(rule: RuleWords, t: TFunction, language: string): string {
  const window = describeWindow(rule.windowMinutes, t);
  const channels =
    rule.channel === null
      ? t('alertSettings.sentence.allChannels')
      : t('alertSettings.sentence.oneChannel', { channel: t(`tracking.channels.${rule.channel}`) });
  if (rule.measure === 'share')
    return t(`alertSettings.sentence.share.${rule.kind}`, {
      share: formatPercent(rule.threshold, language),
      window,
      channels,
    });
  return t(`alertSettings.sentence.count.${rule.kind}`, {
    count: rule.threshold,
    amount: formatNumber(rule.threshold, language),
    window,
    channels,
  });
}

/** For share rules: the least the window must hold, said as a condition ("20 or more documents"). */
export function describeMinimum(rule: RuleWords, t: TFunction, language: string): string | null {
  if (rule.measure !== 'share') return null;
  return t('alertSettings.sentence.minimum', { amount: formatNumber(rule.minDocuments, language) });
}
