import { describe, expect, it } from 'vitest';
import { ZListEdiMessagesRequest } from '@service-hub/contracts';
import { readListState, toListRequest, viewQueryOf, writeListState, type ListDefinition } from './list-state';

const list: ListDefinition<'status' | 'filename' | 'filenameOperator', 'arrivedAt' | 'filename'> = {
  filters: ['status', 'filename', 'filenameOperator'],
  sorts: ['arrivedAt', 'filename'],
  defaultSort: 'arrivedAt',
  defaultDirection: (sort) => (sort === 'arrivedAt' ? 'desc' : 'asc'),
};

describe('readListState', () => {
  it('reads filters, sort and paging, falling back to the defaults for anything unknown', () => {
    const state = readListState(
      new URLSearchParams('status=Rejected&filename=a&sortBy=size&page=-2&pageSize=30&other=1'),
      list,
    );
    expect(state).toEqual({
      filters: { status: 'Rejected', filename: 'a' },
      sortBy: 'arrivedAt',
      sortDirection: 'desc',
      page: 1,
      pageSize: 25,
    });
  });
});

describe('writeListState', () => {
  it('keeps other parameters such as the account, and leaves defaults out of the address', () => {
    const next = writeListState(new URLSearchParams('activeAccountId=7&page=3'), { page: 1 }, list);
    expect(next.toString()).toBe('activeAccountId=7');
  });

  it('starts again at page 1 when filters, sort or page size change', () => {
    const at3 = new URLSearchParams('page=3&status=Rejected');
    expect(writeListState(at3, { filters: { status: 'Delivered' } }, list).toString()).toBe(
      'status=Delivered',
    );
    expect(writeListState(at3, { sortBy: 'filename' }, list).get('page')).toBeNull();
    expect(writeListState(at3, { pageSize: 50 }, list).toString()).toBe('status=Rejected&pageSize=50');
    expect(writeListState(at3, { page: 4 }, list).get('page')).toBe('4');
  });

  it("takes a new column's own first direction, and keeps an explicit one", () => {
    expect(writeListState(new URLSearchParams(), { sortBy: 'filename' }, list).toString()).toBe(
      'sortBy=filename',
    );
    expect(
      writeListState(new URLSearchParams(), { sortBy: 'filename', sortDirection: 'desc' }, list).toString(),
    ).toBe('sortBy=filename&sortDirection=desc');
  });
});

describe('viewQueryOf', () => {
  it('is the view without the page, for saving', () => {
    const state = readListState(new URLSearchParams('status=Rejected&page=4'), list);
    expect(viewQueryOf(state)).toBe('status=Rejected&sortBy=arrivedAt&sortDirection=desc&pageSize=25');
  });
});

describe('toListRequest', () => {
  const state = (filters: Record<string, string>) => ({
    filters,
    sortBy: 'createdAt',
    sortDirection: 'desc' as const,
    page: 1,
    pageSize: 25 as const,
  });

  it("parses the address's filters with the operation's schema into the contract's request", () => {
    const request = toListRequest(
      ZListEdiMessagesRequest,
      state({ status: 'ERROR,RECEIVED', senderName: 'Acme' }),
      {
        timeZone: 'Europe/Oslo',
      },
    );
    expect(request).toMatchObject({
      status: ['ERROR', 'RECEIVED'],
      senderName: 'Acme',
      timeZone: 'Europe/Oslo',
      sortBy: 'createdAt',
      pageSize: 25,
    });
  });

  it('leaves out a filter the API would refuse, and keeps the others', () => {
    const request = toListRequest(
      ZListEdiMessagesRequest,
      state({ status: 'LOST', fromDate: '2026-13-40', senderName: 'Acme' }),
    );
    expect(request.status).toBeUndefined();
    expect(request.fromDate).toBeUndefined();
    expect(request.senderName).toBe('Acme');
  });
});
