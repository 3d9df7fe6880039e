// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import enCore from '../locales/en-SE.json?catalog=core';
import fiCore from '../locales/fi.json?catalog=core';
import svCore from '../locales/sv.json?catalog=core';
import { changeLanguage, initI18n } from './i18n';

const indexHtml = readFileSync(join(import.meta.dirname, '..', '..', 'index.html'), 'utf8');

/** The catalog's description text (a catalog part is typed as a plain record). */
const textIn = (catalog: Record<string, unknown>) => (catalog.app as { description: string }).description;

const description = () =>
  [...document.head.querySelectorAll<HTMLMetaElement>('meta[name="description"]')].map((m) => m.content);

beforeEach(() => {
  localStorage.setItem('language', 'en-SE');
  // The head as index.html has it: the English description before the app starts.
  document.head.innerHTML = /<head>([\s\S]*)<\/head>/.exec(indexHtml)![1]!;
  document.documentElement.lang = 'en-SE';
});

describe('the page in the user’s language', () => {
  it('starts with the English description in index.html, the en-SE catalog’s text', () => {
    expect(description()).toEqual([textIn(enCore)]);
  });

  it('describes the page and sets <html lang> in the language chosen at start', async () => {
    localStorage.setItem('language', 'fi');
    await initI18n();
    expect(document.documentElement.lang).toBe('fi');
    expect(description()).toEqual([textIn(fiCore)]);
  });

  it('follows a change of language, in the one description the page has', async () => {
    await initI18n();
    expect(description()).toEqual([textIn(enCore)]);
    await changeLanguage('sv');
    expect(document.documentElement.lang).toBe('sv');
    expect(description()).toEqual([textIn(svCore)]);
    expect(textIn(svCore)).not.toBe(textIn(enCore));
  });
});
