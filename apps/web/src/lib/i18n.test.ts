import { describe, expect, it } from 'vitest';
import { toSupportedLanguage } from './i18n';

describe('toSupportedLanguage', () => {
  it.each([
    ['sv-SE', 'sv'],
    ['sv', 'sv'],
    ['nb-NO', 'no'],
    ['nn', 'no'],
    ['no', 'no'],
    ['da-DK', 'da'],
    ['fi-FI', 'fi'],
    ['en-US', 'en-SE'],
    ['de-DE', 'en-SE'],
    [undefined, 'en-SE'],
  ])('%s → %s', (tag, expected) => {
    expect(toSupportedLanguage(tag)).toBe(expected);
  });
});
