import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@service-hub/contracts';
import { alertSentence, formatWindow, renderDigestMail } from './alert-mail.ts';
import { ALERT_MAIL_TEXTS } from './alert-mail-texts.ts';

const shareAlert = {
  kind: 'documentsRejected',
  details: {
    measure: 'share',
    threshold: 5,
    measured: 12.5,
    matching: 25,
    total: 200,
    windowMinutes: 60,
    channel: 'kivra',
  },
} as const;

describe('formatWindow', () => {
  it('names the largest unit that divides the window', () => {
    const en = ALERT_MAIL_TEXTS['en-SE'];
    expect(formatWindow(60, en)).toBe('1 hour');
    expect(formatWindow(90, en)).toBe('90 minutes');
    expect(formatWindow(2880, en)).toBe('2 days');
    expect(formatWindow(1440, ALERT_MAIL_TEXTS.fi)).toBe('1 vuorokauden');
  });
});

describe('alertSentence', () => {
  it('words a share rule with its numbers in the language of the reader (en-SE writes decimals as Sweden does)', () => {
    expect(alertSentence(shareAlert, 'en-SE')).toBe(
      'Rejected documents within a window of 1 hour, Kivra: 12,5 % (25 of 200 documents). The rule alerts above 5 %.',
    );
    expect(alertSentence(shareAlert, 'sv')).toBe(
      'Avvisade dokument inom ett fönster på 1 timme, Kivra: 12,5 % (25 av 200 dokument). Regeln larmar över 5 %.',
    );
  });
  it('says "all channels" for a rule without one, and leaves no placeholder in any language', () => {
    for (const language of LANGUAGES) {
      const sentence = alertSentence(
        { ...shareAlert, details: { ...shareAlert.details, channel: null } },
        language,
      );
      expect(sentence).toContain(ALERT_MAIL_TEXTS[language].allChannels);
      expect(sentence).not.toMatch(/[{}]/);
    }
  });
});

describe('renderDigestMail', () => {
  it('counts what was raised and resolved in the subject', () => {
    const at = new Date('2026-11-27T06:00:00Z');
    const mail = renderDigestMail(
      [
        { change: 'raised', at, alert: shareAlert },
        { change: 'resolved', at, alert: shareAlert },
        {
          change: 'raised',
          at,
          alert: { kind: 'reportFailed', details: { from: '2026-11-01', to: '2026-11-30' } },
        },
      ],
      new Date('2026-11-26T06:00:00Z'),
      {
        language: 'da',
        firstName: 'Ida',
        customer: 'Jysk Boligselskab A/S',
        timeZone: 'Europe/Copenhagen',
        link: undefined,
      },
    );
    expect(mail.subject).toBe('Alarmer for Jysk Boligselskab A/S: 2 nye, 1 løst');
    expect(mail.text).toContain('Rapporten for 2026-11-01 til 2026-11-30 kunne ikke dannes.');
  });
});
