import { describe, expect, it } from 'vitest';
import {
  detectAllowedType,
  FALLBACK_ATTACHMENT_TYPE,
  SERVED_ATTACHMENT_MEDIA_TYPES,
  servedAttachmentType,
} from './attachment-types.ts';
import { contentDispositionAttachment } from './content-disposition.ts';
import { zonedInstant } from '../../lib/business-days.ts';
import { supportHoursAt } from './support-hours.ts';
import { checkTransition } from './support.service.ts';

describe('supportHoursAt', () => {
  it('follows the change to summer time: Stockholm opens at 06:00 UTC on the Monday after', () => {
    // Sunday 29 March 2026 is the change; the Friday before opens at 07:00 UTC.
    expect(zonedInstant('2026-03-27', '08:00', 'Europe/Stockholm').toISOString()).toBe(
      '2026-03-27T07:00:00.000Z',
    );
    expect(supportHoursAt('SE', new Date('2026-03-28T12:00:00Z'), 'en-SE').nextOpening).toBe(
      '2026-03-30T06:00:00.000Z',
    );
  });

  it('skips Easter in Finland: closed from Good Friday to Easter Monday', () => {
    const state = supportHoursAt('FI', new Date('2026-04-02T15:30:00Z'), 'fi');
    expect(state).toMatchObject({ isOpen: false, nextOpening: '2026-04-07T05:00:00.000Z' });
    expect(state.upcomingHolidays.map((h) => h.date)).toContain('2026-04-03');
  });

  it('never opens Norway (no phone hours)', () => {
    expect(supportHoursAt('NO', new Date('2026-11-23T10:00:00Z'), 'no')).toMatchObject({
      isOpen: false,
      nextOpening: null,
    });
  });
});

describe('detectAllowedType', () => {
  const pdf = Buffer.from('%PDF-1.7\n');
  it.each([
    ['report.pdf', pdf, 'application/pdf'],
    ['REPORT.PDF', pdf, 'application/pdf'],
    ['report.txt', pdf, undefined],
    ['notes.txt', Buffer.from('Hej på dig\n'), 'text/plain; charset=utf-8'],
    ['notes.txt', Buffer.from([0x48, 0x00, 0x49]), undefined],
    ['notes.txt', Buffer.from([0xc3, 0x28]), undefined],
    ['page.html', Buffer.from('<html></html>'), undefined],
    ['empty.csv', Buffer.alloc(0), undefined],
    ['tool.pdf', Buffer.from('4d5a9000030000000400', 'hex'), undefined],
  ])('%s → %s', async (name, head, expected) => {
    expect(await detectAllowedType(name, head, true)).toBe(expected);
  });
});

describe('servedAttachmentType', () => {
  it('answers a stored type of the allow-list as stored, parameters and all', () => {
    expect(servedAttachmentType('text/csv; charset=utf-8')).toBe('text/csv; charset=utf-8');
    expect(servedAttachmentType('application/pdf')).toBe('application/pdf');
  });

  it('answers any other stored type as a plain download, which the document lists too', () => {
    expect(servedAttachmentType('text/html')).toBe(FALLBACK_ATTACHMENT_TYPE);
    expect(servedAttachmentType('image/svg+xml')).toBe(FALLBACK_ATTACHMENT_TYPE);
    expect(SERVED_ATTACHMENT_MEDIA_TYPES).toContain(FALLBACK_ATTACHMENT_TYPE);
  });
});

describe('checkTransition', () => {
  it('lets support resolve an ongoing case but not a customer, who may only confirm', () => {
    expect(() => checkTransition('provider', 'ongoing', 'resolved')).not.toThrow();
    expect(() => checkTransition('customer', 'ongoing', 'resolved')).toThrow(
      expect.objectContaining({ status: 403 }),
    );
    expect(() => checkTransition('customer', 'readyForClosure', 'resolved')).not.toThrow();
    expect(() => checkTransition('provider', 'resolved', 'needsAttention')).toThrow(
      expect.objectContaining({ status: 409 }),
    );
  });
});

describe('contentDispositionAttachment', () => {
  it('quotes an ASCII fallback and encodes the exact name', () => {
    expect(contentDispositionAttachment('Räkning "mars".pdf')).toBe(
      `attachment; filename="R_kning _mars_.pdf"; filename*=UTF-8''R%C3%A4kning%20%22mars%22.pdf`,
    );
  });
});
