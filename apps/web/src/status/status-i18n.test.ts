import { describe, expect, it } from 'vitest';
import { pageLanguage } from './status-i18n';

const storage = (value: string | null) => ({ getItem: () => value });
const refusing = {
  getItem: (): string | null => {
    throw new Error('SecurityError');
  },
};

describe('pageLanguage', () => {
  it('takes ?lang= first, then the language chosen in the Hub on this device, then the browser’s', () => {
    expect(pageLanguage({ search: '?lang=fi' }, storage('sv'), 'da-DK')).toBe('fi');
    expect(pageLanguage({ search: '' }, storage('sv'), 'da-DK')).toBe('sv');
    expect(pageLanguage({ search: '' }, storage(null), 'da-DK')).toBe('da');
    expect(pageLanguage({ search: '' }, storage(null), 'nb-NO')).toBe('no');
  });

  it('ignores what it does not know and falls back to English', () => {
    expect(pageLanguage({ search: '?lang=de' }, storage('xx'), 'de-DE')).toBe('en-SE');
    expect(pageLanguage({ search: '' }, undefined, 'en-US')).toBe('en-SE');
  });

  it('does without storage a browser refuses', () => {
    expect(pageLanguage({ search: '' }, refusing, 'fi-FI')).toBe('fi');
  });
});
