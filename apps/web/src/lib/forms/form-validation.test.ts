import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ZCreateDeploymentRequestRequest, ZReplySupportCaseRequest } from '@service-hub/contracts';
import { ApiRequestError } from '../api/client';
import { serverFieldErrors, validateWith } from './form-validation';

/** Answers the key with its values, so the tests see which message was chosen. */
const t = ((key: string, values?: Record<string, unknown>) =>
  values && Object.keys(values).some((k) => k !== 'defaultValue')
    ? `${key} ${JSON.stringify(Object.fromEntries(Object.entries(values).filter(([k]) => k !== 'defaultValue')))}`
    : key) as unknown as TFunction;

describe('validateWith', () => {
  it('words a missing and a too long field like the server', () => {
    const validate = validateWith(ZReplySupportCaseRequest, t);
    expect(validate({ message: '' })).toEqual({ message: 'validation.required' });
    expect(validate({ message: 'x'.repeat(5001) })).toEqual({
      message: 'validation.tooBig {"maximum":5000}',
    });
    expect(validate({ message: 'Thanks' })).toEqual({});
  });

  it('reports list items on their list and uses the form’s own words where given', () => {
    const validate = validateWith(ZCreateDeploymentRequestRequest, t, (v) => v, {
      partnerIdentifier: 'ediConnect.errors.partnerIdentifier',
      messageTypes: 'ediConnect.errors.messageTypes',
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
