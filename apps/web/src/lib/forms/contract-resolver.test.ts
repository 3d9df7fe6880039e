import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ZCreateCustomerRequest, ZCreateServiceRequest } from '@service-hub/contracts';
import { contractResolver } from './contract-resolver';

const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;

describe('contractResolver', () => {
  it('gives each invalid field the translation key of its code, as the server would', () => {
    const validate = contractResolver(ZCreateServiceRequest, t, {
      'Use 2 to 16 capital letters or digits, starting with a letter.':
        'administration.service.shortNameHint',
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
    const validate = contractResolver(ZCreateCustomerRequest, t);
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
