import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_RULES } from '@service-hub/contracts';
import enSE from '../../../locales/en-SE.json';
import fi from '../../../locales/fi.json';
import sv from '../../../locales/sv.json';
import {
  describeAlertRule,
  describeMinimum,
  formatPercent,
  windowParts,
  type RuleWords,
} from './rule-sentence';

/** Spaces as the locale writes them in numbers ("5 %" has a no-break space) made plain, to compare. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const t: Record<string, TFunction> = {};
beforeAll(async () => {
  for (const [language, catalog] of Object.entries({ 'en-SE': enSE, fi, sv })) {
    const instance = i18next.createInstance();
    await instance.init({
      lng: language,
      resources: { [language]: { translation: catalog } },
      interpolation: { escapeValue: false },
    });
    t[language] = instance.t;
  }
});

const [rejectedDefault, notDeliveredDefault] = DEFAULT_ALERT_RULES.map((rule): RuleWords => ({
  ...rule,
  channel: null,
}));
const kivraCount: RuleWords = {
  kind: 'documentsRejected',
  channel: 'kivra',
  measure: 'count',
  threshold: 20,
  windowMinutes: 15,
  minDocuments: 20,
};

describe('windowParts', () => {
  it('says a window in the largest unit that divides it evenly', () => {
    expect(windowParts(60)).toEqual({ amount: 1, unit: 'hours' });
    expect(windowParts(1440)).toEqual({ amount: 1, unit: 'days' });
    expect(windowParts(10_080)).toEqual({ amount: 7, unit: 'days' });
    expect(windowParts(90)).toEqual({ amount: 90, unit: 'minutes' });
    expect(windowParts(5)).toEqual({ amount: 5, unit: 'minutes' });
  });
});

describe('describeAlertRule', () => {
  it('words the defaults as the issue does, in English', () => {
    expect(plain(describeAlertRule(rejectedDefault!, t['en-SE']!, 'en-SE'))).toBe(
      'Alert when more than 5 % of documents are rejected within 1 hour, all channels',
    );
    expect(plain(describeAlertRule(notDeliveredDefault!, t['en-SE']!, 'en-SE'))).toBe(
      'Alert when more than 10 % of documents are not delivered within 1 day, all channels',
    );
  });

  it('words a per-channel count rule, one document and many', () => {
    expect(describeAlertRule(kivraCount, t['en-SE']!, 'en-SE')).toBe(
      'Alert when more than 20 documents are rejected within 15 minutes, Kivra only',
    );
    expect(describeAlertRule({ ...kivraCount, threshold: 1, windowMinutes: 120 }, t['en-SE']!, 'en-SE')).toBe(
      'Alert when more than 1 document is rejected within 2 hours, Kivra only',
    );
  });

  it("puts numbers in the user's locale and words in their language", () => {
    expect(plain(describeAlertRule({ ...rejectedDefault!, threshold: 2.5 }, t.fi!, 'fi'))).toBe(
      'Hälytä, kun yli 2,5 % dokumenteista hylätään 1 tunnin aikana, kaikki kanavat',
    );
    expect(plain(describeAlertRule({ ...kivraCount, threshold: 1500 }, t.sv!, 'sv'))).toBe(
      'Larma när fler än 1 500 dokument avvisas inom 15 minuter, endast Kivra',
    );
  });
});

describe('describeMinimum', () => {
  it('names the least documents of a share rule, and nothing for a count', () => {
    expect(describeMinimum(rejectedDefault!, t['en-SE']!, 'en-SE')).toBe(
      'Only when the window holds 20 or more documents.',
    );
    expect(describeMinimum({ ...rejectedDefault!, minDocuments: 1 }, t['en-SE']!, 'en-SE')).toBe(
      'Only when the window holds 1 or more documents.',
    );
    expect(describeMinimum(kivraCount, t['en-SE']!, 'en-SE')).toBeNull();
  });
});

describe('formatPercent', () => {
  it('writes a share as the locale does', () => {
    expect(plain(formatPercent(5, 'en-SE'))).toBe('5 %');
    expect(plain(formatPercent(12.25, 'fi'))).toBe('12,25 %');
    expect(plain(formatPercent(100, 'da'))).toBe('100 %');
  });
});
