import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZNewPassword, ZUpdateProfileRequest } from '@service-hub/contracts';
import enSE from '../../locales/en-SE.json';
import { validateWith } from './form-validation';

await i18next.init({ lng: 'en-SE', resources: { 'en-SE': { translation: enSE } } });

describe('contractResolver: the contract’s rules with translated messages', () => {
  const resolve = validateWith(ZUpdateProfileRequest, i18next.t);

  it('passes what the server accepts', () => {
    expect(resolve({ firstName: 'Ulla', lastName: 'Sand', language: 'sv' })).toEqual({});
  });

  it('names each broken field with the message of its code', () => {
    expect(resolve({ firstName: '', lastName: 'x'.repeat(101), language: 'sv' })).toEqual({
      firstName: 'This field cannot be empty.',
      lastName: 'This field cannot be bigger than 100 characters.',
    });
  });

  it('translates refinements by the code they carry', () => {
    const schema = z.object({ password: ZNewPassword });
    expect(validateWith(schema, i18next.t)({ password: 'passwordpassword' })).toEqual({
      password: 'This password is too easy to guess. Choose a longer or less common one.',
    });
  });
});
