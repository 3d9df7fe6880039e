import {
  type Language,
  type StatusUpdateStatus,
  type TLocalizedText,
  type TStatusNotice,
} from '@service-hub/contracts';

/**
 * The fixed words of the feed per language. The status page's own words live in the web app's
 * catalogs; the feed is written by the API, so it carries the few it needs here (kept in step
 * with `statusPage.title` and `statusPage.updateStatuses` of apps/web/src/locales: status-feed.test.ts).
 */
export const FEED_WORDS: Record<Language, { title: string; statuses: Record<StatusUpdateStatus, string> }> = {
  'en-SE': {
    title: 'Service Hub status',
    statuses: {
      investigating: 'Investigating',
      identified: 'Identified',
      monitoring: 'Monitoring',
      resolved: 'Resolved',
      scheduled: 'Scheduled',
      inProgress: 'In progress',
      completed: 'Completed',
    },
  },
  sv: {
    title: 'Driftstatus för Service Hub',
    statuses: {
      investigating: 'Undersöks',
      identified: 'Orsaken är känd',
      monitoring: 'Bevakas',
      resolved: 'Åtgärdat',
      scheduled: 'Planerat',
      inProgress: 'Pågår',
      completed: 'Avslutat',
    },
  },
  no: {
    title: 'Driftsstatus for Service Hub',
    statuses: {
      investigating: 'Undersøkes',
      identified: 'Årsaken er funnet',
      monitoring: 'Overvåkes',
      resolved: 'Løst',
      scheduled: 'Planlagt',
      inProgress: 'Pågår',
      completed: 'Fullført',
    },
  },
  da: {
    title: 'Driftsstatus for Service Hub',
    statuses: {
      investigating: 'Undersøges',
      identified: 'Årsagen er fundet',
      monitoring: 'Overvåges',
      resolved: 'Løst',
      scheduled: 'Planlagt',
      inProgress: 'I gang',
      completed: 'Afsluttet',
    },
  },
  fi: {
    title: 'Service Hubin tila',
    statuses: {
      investigating: 'Selvitetään',
      identified: 'Syy löydetty',
      monitoring: 'Seurataan',
      resolved: 'Korjattu',
      scheduled: 'Suunniteltu',
      inProgress: 'Käynnissä',
      completed: 'Valmis',
    },
  },
};

/**
 * XML text and attribute values: the five characters XML reserves, and every character XML 1.0
 * cannot carry at all (control characters other than tab and line breaks) left out. The API refuses
 * U+0000 and lone surrogates on input already. Written here rather than with an XML library: the
 * Hub has none among its dependencies, and an Atom feed of a few elements needs only this.
 */
export function xmlEscape(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- these control characters are what XML 1.0 forbids
      .replace(/[\u0001-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

const inLanguage = (text: TLocalizedText, language: Language) => text[language] ?? text['en-SE'];

/**
 * An Atom 1.0 feed (RFC 4287) of the status page: one entry per update of every notice in the
 * history window (the notices the status page shows), newest first. Entry ids are stable URNs of the update, so a reader shows each
 * once; `updated` of the feed is the newest entry's time.
 */
export function statusFeed(
  notices: readonly TStatusNotice[],
  options: { publicUrl: string; language: Language; now: Date },
): string {
  const { publicUrl, language } = options;
  const words = FEED_WORDS[language];
  const page = `${publicUrl}/status?lang=${encodeURIComponent(language)}`;
  const self = `${publicUrl}/api/status/feed.atom?lang=${encodeURIComponent(language)}`;
  const entries = notices
    .flatMap((notice) => notice.updates.map((update) => ({ notice, update })))
    .sort((a, b) => Date.parse(b.update.at) - Date.parse(a.update.at));
  const updated = entries[0]?.update.at ?? options.now.toISOString();
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${xmlEscape(language)}">`,
    `  <id>${xmlEscape(`${publicUrl}/status`)}</id>`,
    `  <title>${xmlEscape(words.title)}</title>`,
    `  <updated>${updated}</updated>`,
    `  <link rel="alternate" type="text/html" href="${xmlEscape(page)}"/>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlEscape(self)}"/>`,
    `  <author><name>${xmlEscape(words.title)}</name></author>`,
    ...entries.flatMap(({ notice, update }) => [
      '  <entry>',
      `    <id>urn:uuid:${update.id}</id>`,
      `    <title>${xmlEscape(`${words.statuses[update.status]}: ${inLanguage(notice.title, language)}`)}</title>`,
      `    <updated>${update.at}</updated>`,
      `    <link rel="alternate" type="text/html" href="${xmlEscape(`${page}#notice-${notice.id}`)}"/>`,
      `    <content type="text">${xmlEscape(inLanguage(update.message, language))}</content>`,
      '  </entry>',
    ]),
    '</feed>',
    '',
  ];
  return lines.join('\n');
}
