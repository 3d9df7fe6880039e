import { describe, expect, it } from 'vitest';
import type { TListEdiMessagesRequest } from '@service-hub/contracts';
import { toQuery } from './query';

describe('toQuery', () => {
  it('sends arrays comma-separated and numbers and words as they are, leaving out what is empty', () => {
    const request: TListEdiMessagesRequest = {
      status: ['ERROR', 'NOT_EXISTS'],
      customerIds: [12, 7],
      category: [],
      sortBy: 'createdAt',
      sortDirection: 'desc',
      page: 2,
      pageSize: 10,
      senderName: '',
    };
    expect(toQuery(request)).toEqual({
      status: 'ERROR,NOT_EXISTS',
      customerIds: '12,7',
      sortBy: 'createdAt',
      sortDirection: 'desc',
      page: 2,
      pageSize: 10,
    });
  });

  it('sends a date as ISO 8601', () => {
    expect(toQuery({ since: new Date('2026-11-25T06:00:00Z') })).toEqual({
      since: '2026-11-25T06:00:00.000Z',
    });
  });
});
