import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { newPasswordErrors } from './new-password';

const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as TFunction;

describe('newPasswordErrors', () => {
  it('accepts a long, uncommon password repeated exactly', () => {
    expect(newPasswordErrors(t, 'Vattentorn-Mälaren-42', 'Vattentorn-Mälaren-42')).toEqual({});
  });

  it('asks for at least 12 characters, and rejects common or repetitive ones', () => {
    expect(newPasswordErrors(t, 'short', 'short').password).toBe(
      'validation.passwordTooShort {"minimum":12}',
    );
    expect(newPasswordErrors(t, 'password1234', 'password1234').password).toBe('validation.weakPassword');
    expect(newPasswordErrors(t, 'aaaaaaaaaaaaaa', 'aaaaaaaaaaaaaa').password).toBe('validation.weakPassword');
  });

  it('names characters no one can type, rather than calling the password weak', () => {
    expect(newPasswordErrors(t, 'Vattentorn-\u0000-Mälaren', 'Vattentorn-\u0000-Mälaren').password).toBe(
      'validation.invalidCharacters',
    );
  });

  it('says when the repetition differs', () => {
    expect(newPasswordErrors(t, 'Vattentorn-Mälaren-42', 'Vattentorn-Mälaren-43').repeat).toBe(
      'validation.passwordsDiffer',
    );
  });
});
