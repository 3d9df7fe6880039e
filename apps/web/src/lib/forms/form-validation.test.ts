import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  ZCreateCustomerRequest,
  ZCreateDeploymentRequestRequest,
  ZCreateServiceRequest,
  ZReplyToSupportCaseRequest,
} from '@service-hub/contracts';
import i18next from 'i18next';
import { z } from 'zod';
import { ZNewPassword, ZUpdateCurrentUserRequest } from '@service-hub/contracts';
import enSE from '../../locales/en-SE.json';
import { ApiRequestError } from '../api/client';
import { serverFieldErrors, validateWith } from './form-validation';

await i18next.init({ lng: 'en-SE', resources: { 'en-SE': { translation: enSE } } });

/** Answers the key with its values, so the tests see which message was chosen. */
const t = ((key: string, values?: Record<string, unknown>) =>
  values && Object.keys(values).some((k) => k !== 'defaultValue')
    ? `${key} ${JSON.stringify(Object.fromEntries(Object.entries(values).filter(([k]) => k !== 'defaultValue')))}`
    : key) as unknown as TFunction;

describe('validateWith', () => {
  it('words a missing and a too long field like the server', () => {
    const validate = validateWith(ZReplyToSupportCaseRequest, t);
    expect(validate({ message: '' })).toEqual({ message: 'validation.required' });
    expect(validate({ message: 'x'.repeat(5001) })).toEqual({
      message: 'validation.tooBig {"maximum":5000}',
    });
    expect(validate({ message: 'Thanks' })).toEqual({});
  });

  it('reports list items on their list and uses the form’s own words where given', () => {
    const validate = validateWith(ZCreateDeploymentRequestRequest, t, {
      keys: {
        partnerIdentifier: 'ediConnect.errors.partnerIdentifier',
        messageTypes: 'ediConnect.errors.messageTypes',
      },
    });
    const errors = validate({
      partnerName: 'Partner',
      partnerIdentifierType: 'GLN',
      partnerIdentifier: '7350000000008',
      connection: { protocol: 'SFTP', host: 'sftp.example', port: 22, username: 'hub' },
      messageStandard: 'X12',
      messageTypes: ['ORDERS'],
      direction: 'BOTH',
      environment: 'TEST',
      contactName: 'Ulla',
      contactEmail: 'ulla@example.com',
      requestedGoLive: '2999-01-01',
    });
    expect(errors).toEqual({
      partnerIdentifier: 'ediConnect.errors.partnerIdentifier',
      messageTypes: 'ediConnect.errors.messageTypes',
    });
  });
});

describe('validateWith with the keys of a form', () => {
  it('gives each invalid field the translation key of its code, as the server would', () => {
    const validate = validateWith(ZCreateServiceRequest, t, {
      keys: {
        'Use 2 to 16 capital letters or digits, starting with a letter.':
          'administration.service.shortNameHint',
      },
    });
    expect(
      validate({
        name: 'x'.repeat(101),
        shortName: 'a b',
        applicationName: '',
        crmMappingGuid: 'nope',
        wodGroupName: '',
        nameHint: '',
      }),
    ).toEqual({
      name: 'validation.tooBig {"maximum":100}',
      shortName: 'administration.service.shortNameHint',
      applicationName: 'validation.required',
      crmMappingGuid: 'validation.invalidGuid',
    });
  });

  it('accepts what the server accepts', () => {
    const validate = validateWith(ZCreateCustomerRequest, t);
    expect(
      validate({
        name: 'Vänerns Hamn AB',
        customerNumber: 'se123',
        market: 'SE',
        crmMappingGuid: '',
        notes: '',
      }),
    ).toEqual({});
    expect(validate({ name: '', customerNumber: 'se123', market: '' })).toMatchObject({
      name: 'validation.required',
      market: 'validation.invalidValue',
    });
  });
});

describe('serverFieldErrors', () => {
  it('translates the server’s codes with their parameters, keyed by form field', () => {
    const error = new ApiRequestError(
      400,
      {
        status: 400,
        title: 'Bad Request',
        detail: 'Invalid request',
        requestId: 'r1',
        errors: [
          {
            field: 'body.attachments',
            code: 'fileTypeNotAllowed',
            message: 'These files are not allowed: a.pdf',
            params: { files: 'a.pdf' },
          },
          { field: 'body.messageTypes.0', code: 'invalidValue', message: 'x' },
        ],
      },
      'r1',
    );
    expect(serverFieldErrors(error, t, { messageTypes: 'ediConnect.errors.messageTypes' })).toEqual({
      attachments: 'validation.fileTypeNotAllowed {"files":"a.pdf"}',
      messageTypes: 'ediConnect.errors.messageTypes',
    });
  });
});

describe('validateWith in English, from the real catalog', () => {
  const resolve = validateWith(ZUpdateCurrentUserRequest, i18next.t);

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
