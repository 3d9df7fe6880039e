import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, STATUS_UPDATE_STATUSES } from '@service-hub/contracts';
import { FEED_WORDS, xmlEscape } from './status-feed.ts';

type Catalog = { statusPage: { title: string; updateStatuses: Record<string, string> } };
const catalog = (language: string) =>
  JSON.parse(
    readFileSync(new URL(`../../../../web/src/locales/${language}.json`, import.meta.url), 'utf8'),
  ) as Catalog;

describe('the feed’s fixed words', () => {
  it.each(LANGUAGES)('are the status page’s own words in %s', (language) => {
    const words = catalog(language).statusPage;
    expect(FEED_WORDS[language].title).toBe(words.title);
    for (const status of STATUS_UPDATE_STATUSES)
      expect(FEED_WORDS[language].statuses[status], status).toBe(words.updateStatuses[status]);
  });
});

describe('xmlEscape', () => {
  it('escapes what XML reserves and drops what XML 1.0 cannot carry', () => {
    expect(xmlEscape(`<a href="x">Tom & 'Jerry'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;',
    );
    expect(xmlEscape('bell\u0007 tab\t line\nend\uFFFE')).toBe('bell tab\t line\nend');
  });
});
