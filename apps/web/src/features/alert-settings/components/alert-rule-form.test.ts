import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TAlertRule } from '@service-hub/contracts';
import { ApiRequestError } from '../../../lib/api/client';
import enSE from '../../../locales/en-SE.json';
import { serverRuleErrors, toFormValues, toRequest, validateRule } from './alert-rule-form';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
let t: TFunction;
beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'en-SE',
    resources: { 'en-SE': { translation: enSE } },
    interpolation: { escapeValue: false },
  });
  t = instance.t;
});

const rule: TAlertRule = {
  id: '3f2504e0-4f89-41d3-9a0c-0305e82c4401',
  kind: 'documentsNotDelivered',
  channel: 'print',
  measure: 'share',
  threshold: 10,
  windowMinutes: 1440,
  minDocuments: 50,
  enabled: false,
  isDefault: false,
  isRaised: false,
};

describe('toFormValues and toRequest', () => {
  it('type a window as an amount and a unit, and send it in minutes', () => {
    const values = toFormValues(rule);
    expect(values).toMatchObject({ windowAmount: 1, windowUnit: 'days', channel: 'print' });
    expect(toRequest(values)).toEqual({
      kind: 'documentsNotDelivered',
      channel: 'print',
      measure: 'share',
      threshold: 10,
      windowMinutes: 1440,
      minDocuments: 50,
      enabled: false,
    });
    expect(toRequest({ ...values, windowAmount: 36, windowUnit: 'hours', channel: '' })).toMatchObject({
      windowMinutes: 2160,
      channel: null,
    });
  });

  it('start a new rule from the first default, on every channel', () => {
    expect(toRequest(toFormValues())).toEqual({
      kind: 'documentsRejected',
      channel: null,
      measure: 'share',
      threshold: 5,
      windowMinutes: 60,
      minDocuments: 20,
      enabled: true,
    });
  });
});

describe('validateRule', () => {
  const validate = () => validateRule(t, 'en-SE');

  it('accepts a valid rule', () => {
    expect(validate()(toFormValues(rule))).toEqual({});
  });

  it('words each refused field with its allowed range, the window on the amount typed', () => {
    const errors = validate()({
      ...toFormValues(rule),
      threshold: 150,
      windowAmount: 8,
      windowUnit: 'days',
      minDocuments: 0,
    });
    expect(Object.fromEntries(Object.entries(errors).map(([field, text]) => [field, plain(text)]))).toEqual({
      threshold: 'Enter a share above 0 and at most 100 %.',
      windowAmount: 'Choose a time window from 5 minutes to 7 days.',
      minDocuments: 'Enter a whole number from 1 to 1 000 000.',
    });
  });

  it('asks for a whole count, and for empty fields to be filled', () => {
    const count = validate()({ ...toFormValues(rule), measure: 'count', threshold: 2.5 });
    expect(Object.keys(count)).toEqual(['threshold']);
    expect(plain(count.threshold!)).toBe('Enter a whole number from 1 to 1 000 000.');
    expect(validate()({ ...toFormValues(rule), windowAmount: '', minDocuments: '' })).toEqual({
      windowAmount: 'This field cannot be empty.',
      minDocuments: 'This field cannot be empty.',
    });
  });
});

describe('serverRuleErrors', () => {
  const values = toFormValues(rule);
  it("puts the API's field errors on the dialog's fields in the user's words", () => {
    const error = new ApiRequestError(
      400,
      {
        status: 400,
        title: 'Bad Request',
        detail: 'Invalid request: body.threshold.',
        errorCode: 'VALIDATION_FAILED',
        requestId: 'r1',
        errors: [
          {
            field: 'body.threshold',
            code: 'tooBig',
            message: 'This value cannot be bigger than 100.',
            params: { maximum: 100 },
          },
          { field: 'body.windowMinutes', code: 'required', message: 'This field cannot be empty.' },
        ],
      },
      'r1',
    );
    const { fields, other } = serverRuleErrors(error, values, t, 'en-SE');
    expect(other).toBe(false);
    expect(plain(fields.threshold!)).toBe('Enter a share above 0 and at most 100 %.');
    expect(fields.windowAmount).toBe('This field cannot be empty.');
  });

  it('leaves what is not about a field to the dialog', () => {
    const unknownField = new ApiRequestError(
      400,
      {
        status: 400,
        title: 'Bad Request',
        detail: 'Invalid request: body.',
        errorCode: 'VALIDATION_FAILED',
        requestId: 'r2',
        errors: [{ field: 'body.colour', code: 'unknownField', message: "Unknown field 'colour'." }],
      },
      'r2',
    );
    expect(serverRuleErrors(unknownField, values, t, 'en-SE')).toEqual({ fields: {}, other: true });
    expect(serverRuleErrors(new ApiRequestError(500, undefined, 'r3'), values, t, 'en-SE').other).toBe(true);
  });
});
