import { describe, expect, it } from 'vitest';
import type { TAlert } from '@service-hub/contracts';
import { alertLink, filenameFilter } from './alert-links';

describe('filenameFilter', () => {
  it.each([
    ['INV_*.xml', { filename: 'INV_', filenameOperator: 'startsWith' }],
    ['*.xml', { filename: '.xml', filenameOperator: 'endsWith' }],
    ['*invoice*', { filename: 'invoice', filenameOperator: 'contains' }],
    ['daily.csv', { filename: 'daily.csv', filenameOperator: 'exact' }],
    ['*', undefined],
  ])('%s → %o', (glob, expected) => {
    expect(filenameFilter(glob)).toEqual(expected);
  });
});

const base: TAlert = {
  id: '00000000-0000-4000-8000-00000000a1e1',
  kind: 'missingFile',
  status: 'open',
  raisedAt: '2026-11-26T05:01:00Z',
  resolvedAt: null,
  resolution: null,
  acknowledgement: null,
  details: {
    ruleId: 'r1',
    ruleName: 'Invoices',
    filenamePattern: 'INV_*.xml',
    application: 'Invoice',
    deadline: '06:00',
    deadlineAt: '2026-11-26T05:00:00.000Z',
    windowStartAt: '2026-11-25T05:00:00.000Z',
    timeZone: 'Europe/Oslo',
    minDocuments: null,
  },
};

describe('alertLink', () => {
  it("links a missing file to the account's files of the window, filtered as the rule matches", () => {
    const link = alertLink(base, 7)!;
    const url = new URL(link.href, 'https://hub.example');
    expect(url.pathname).toBe('/tracking/files');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      filename: 'INV_',
      filenameOperator: 'startsWith',
      application: 'Invoice',
      applicationOperator: 'exact',
      dateOperator: 'between',
      fromDate: '2026-11-25',
      toDate: '2026-11-26',
      timeZone: 'Europe/Oslo',
      activeAccountId: '7',
    });
  });

  it('links a file that came late to the file itself', () => {
    const late = {
      ...base,
      status: 'resolved' as const,
      resolution: { reason: 'arrivedLate', lateMinutes: 42, fileId: 991 },
    };
    expect(alertLink(late, 7)?.href).toBe('/tracking/files/991/file-details?activeAccountId=7');
  });

  it('links a failed EDI message to the message, or to the failed messages without one', () => {
    const edi = {
      ...base,
      kind: 'ediMessageFailed' as const,
      details: { messageId: 'M 1', consignmentId: 'C/1' },
    };
    expect(alertLink(edi, 3)?.href).toBe('/edi-tracking/messages/M%201/C%2F1?activeAccountId=3');
    expect(alertLink({ ...edi, details: {} }, 3)?.href).toBe(
      '/edi-tracking/messages?status=ERROR%2CNOT_EXISTS&activeAccountId=3',
    );
  });

  it('links a rejection alert to the rejected documents of its channel, and a failed report to the reports', () => {
    const rejected = {
      ...base,
      kind: 'documentsRejected' as const,
      details: {
        ruleId: 'r1',
        channel: 'kivra',
        measure: 'count',
        threshold: 10,
        windowMinutes: 60,
        minDocuments: 20,
        measured: 12,
        matching: 12,
        total: 80,
        statuses: ['Rejected', 'DeliveredWithRejections'],
        from: '2026-03-02T09:00:00.000Z',
        to: '2026-03-02T10:00:00.000Z',
      },
    };
    const url = new URL(alertLink(rejected, 3)!.href, 'https://hub.example');
    expect(url.pathname).toBe('/tracking/documents');
    expect(url.searchParams.get('status')).toBe('Rejected,DeliveredWithRejections');
    expect(url.searchParams.get('fromDate')).toBe('2026-03-02');
    expect(url.searchParams.get('channel')).toBe('kivra');
    expect(url.searchParams.get('dateOperator')).toBe('from');
    expect(alertLink({ ...base, kind: 'reportFailed', details: {} }, 3)?.href).toBe(
      '/reports?activeAccountId=3',
    );
  });
});
