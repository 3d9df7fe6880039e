import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type {
  TGetSupportItemFactsResponse,
  TSupportCase,
  TSupportCaseSummary,
  TSupportContact,
} from '@service-hub/contracts';
import { customerUser, GOTA, MALARDALEN, providerAdmin } from '../../lib/access/route-access.fixtures';
import { supportLinks } from '../../lib/routing/support-links';
import { storeActiveAccountId } from '../../lib/session/active-account';
import { renderRoute } from '../../test/render-route';

/** The case as the list sends it. */
const summary: TSupportCaseSummary = {
  caseId: 5,
  caseNumber: 'CS-000005',
  customerId: GOTA.id,
  customerName: GOTA.name,
  title: 'Invoices missing in March',
  category: 'invoicing',
  subCategory: null,
  status: 'ongoing',
  type: 'Question',
  owner: null,
  date: '2026-03-02T08:00:00Z',
  updated: '2026-03-03T08:00:00Z',
};

const supportCase: TSupportCase = {
  ...summary,
  description: 'The March invoices never reached us.',
  from: 'user@example.com',
  to: 'support@example.com',
  createdBy: 'Test User',
  attachments: [],
  items: [],
  replies: [],
  allowedStatuses: [],
  canReply: true,
};

const contact: TSupportContact = {
  at: '2026-03-02T09:00:00Z',
  markets: [
    {
      market: 'SE',
      name: 'Support Sweden',
      email: 'support.se@example.com',
      phone: '+46 8 123 456',
      timeZone: 'Europe/Stockholm',
      hours: [],
      isOpen: true,
      nextOpening: null,
      closesAt: '2026-03-02T16:00:00Z',
      upcomingHolidays: [],
    },
  ],
};

const api = {
  'GET /api/support/cases': { cases: [summary], totalCount: 1, page: 1, pageSize: 20 },
  [`GET /api/support/cases/${supportCase.caseId}`]: supportCase,
  'GET /api/support/contact': contact,
};

describe('support routes', () => {
  it('list the active account’s cases, each linked to its case, with the way to contact support', async () => {
    const { router } = await renderRoute('/support', customerUser, api);
    expect(await screen.findByRole('heading', { level: 1, name: 'Support cases' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/support/cases');
    const link = await screen.findByRole('link', { name: 'CS-000005' });
    expect(link.getAttribute('href')).toBe('/support/cases/5');
    expect(within(link.closest('tr')!).getByText('Invoices missing in March')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/support/contact');
  });

  it('open a case on its activity tab', async () => {
    const { router } = await renderRoute('/support/cases/5', customerUser, api);
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoices missing in March' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Activity', selected: true })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/support/cases/5/activity');
  });

  it('send an account without support from the case list to the contact page, with each market’s address', async () => {
    storeActiveAccountId(MALARDALEN.id);
    const { router } = await renderRoute('/support/cases', customerUser, api);
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact us' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/support/contact');
    expect(await screen.findByRole('link', { name: 'support.se@example.com' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Support cases' })).toBeNull());
  });

  describe('about documents, files, consignments and messages (issue 25)', () => {
    /** What the API says of the items the user may see; item 999 is another account's. */
    const facts: TGetSupportItemFactsResponse = {
      items: [
        {
          kind: 'trackingDocument',
          id: 123,
          label: 'DOC-123',
          status: 'Rejected',
          date: '2026-11-20T08:00:00.000Z',
          invoiceNumber: 'INV-123',
          recipientName: 'Karin Berg',
          channels: ['email'],
          filename: 'invoices.xml',
          fileId: 41,
        },
        {
          kind: 'ediMessage',
          id: 77,
          label: 'M000000077',
          status: 'ERROR',
          date: '2026-11-20T09:00:00.000Z',
          consignmentId: 'C202600000042',
          senderName: 'Göta Bostäder AB',
          receiverName: 'Zeta Partner GmbH',
          messageType: 'ORDERS',
        },
      ],
    };
    const about = supportLinks.newCase({
      accountId: GOTA.id,
      items: [
        { kind: 'trackingDocument', id: 123 },
        { kind: 'trackingFile', id: 999 },
        { kind: 'ediMessage', id: 77 },
      ],
    });

    it('build the new-case address the header search and the item pages use', () => {
      expect(about).toBe(
        `/support/cases/new?activeAccountId=${GOTA.id}&about=trackingDocument:123,trackingFile:999,ediMessage:77`,
      );
      expect(supportLinks.newCase()).toBe('/support/cases/new');
    });

    it('open the new-case form filled in from the items, each a removable link, and send what is left with the case', async () => {
      const asked: string[] = [];
      let sent: FormData | undefined;
      const { router } = await renderRoute(`${about},bogus:1`, customerUser, {
        ...api,
        'GET /api/support/attachment-rules': { maxFiles: 5, maxFileSizeMb: 10, allowedExtensions: ['pdf'] },
        'GET /api/support/items': (request: Request) => {
          asked.push(new URL(request.url).searchParams.get('items') ?? '');
          return facts;
        },
        'POST /api/v2/support/cases': async (request: Request) => {
          sent = await request.formData();
          return { ...supportCase, caseId: 9, caseNumber: 'CS-2026-000009' };
        },
        'GET /api/support/cases/9': { ...supportCase, caseId: 9, caseNumber: 'CS-2026-000009' },
      });
      expect(await screen.findByRole('heading', { level: 1, name: 'New case' })).toBeTruthy();
      // The malformed pair never reaches the API; the other account's file is simply not described.
      await waitFor(() => expect(asked).toEqual(['trackingDocument:123,trackingFile:999,ediMessage:77']));
      const items = await screen.findByRole('list', { name: 'What the case is about' });
      expect(within(items).getByRole('link', { name: 'DOC-123' }).getAttribute('href')).toBe(
        `/tracking/documents/123/delivery?activeAccountId=${GOTA.id}`,
      );
      expect(within(items).getByRole('link', { name: 'M000000077' }).getAttribute('href')).toBe(
        `/edi-tracking/messages/M000000077/C202600000042?activeAccountId=${GOTA.id}`,
      );
      expect(screen.getByText('Not found in this account, so left out: 2')).toBeTruthy();
      expect((screen.getByRole('textbox', { name: 'Subject' }) as HTMLInputElement).value).toBe(
        '2 linked items',
      );
      const description = (screen.getByRole('textbox', { name: /^Description/ }) as HTMLTextAreaElement)
        .value;
      expect(description).toContain('Document DOC-123: Rejected');
      expect(description).toContain(
        'invoice INV-123, recipient Karin Berg, channels E-mail, file invoices.xml',
      );
      expect(description).toContain('EDI message M000000077: Error');

      await userEvent.click(within(items).getByRole('button', { name: 'Remove M000000077' }));
      expect(within(items).queryByRole('link', { name: 'M000000077' })).toBeNull();
      await userEvent.click(screen.getByRole('combobox', { name: /^Category/ }));
      await userEvent.click(await screen.findByRole('option', { name: 'Delivery', hidden: true }));
      await userEvent.click(screen.getByRole('combobox', { name: /^Sub-category/ }));
      await userEvent.click(await screen.findByRole('option', { name: 'E-mail', hidden: true }));
      await userEvent.click(screen.getByRole('button', { name: 'Create case' }));
      await waitFor(() => expect(sent).toBeDefined());
      expect(sent!.get('items')).toBe('trackingDocument:123');
      expect(sent!.get('title')).toBe('2 linked items');
      expect(sent!.get('category')).toBe('delivery');
      await waitFor(() => expect(router.state.location.pathname).toBe('/support/cases/9/activity'));
    });

    it('say so, and crash nothing, when the address names nothing that can be found', async () => {
      await renderRoute(
        `/support/cases/new?activeAccountId=${GOTA.id}&about=report:1,trackingDocument:x`,
        customerUser,
        {
          ...api,
          'GET /api/support/attachment-rules': { maxFiles: 5, maxFileSizeMb: 10, allowedExtensions: ['pdf'] },
        },
      );
      expect(await screen.findByRole('heading', { level: 1, name: 'New case' })).toBeTruthy();
      expect(screen.getByText('Not found in this account, so left out: 2')).toBeTruthy();
      expect((screen.getByRole('textbox', { name: 'Subject' }) as HTMLInputElement).value).toBe('');
    });

    const aboutCase: TSupportCase = {
      ...supportCase,
      items: [
        { kind: 'trackingDocument', id: 123, label: 'DOC-123', canOpen: true, consignmentId: null },
        { kind: 'ediMessage', id: 77, label: 'M000000077', canOpen: true, consignmentId: 'C202600000042' },
        { kind: 'ediDocument', id: 78, label: 'D000000078', canOpen: false, consignmentId: null },
      ],
    };

    it('show on the case what it is about: links where the user may open them, names where not', async () => {
      await renderRoute('/support/cases/5/activity', customerUser, {
        ...api,
        [`GET /api/support/cases/${supportCase.caseId}`]: aboutCase,
      });
      const section = await screen.findByRole('region', { name: 'About:' });
      expect(within(section).getByRole('link', { name: 'DOC-123' }).getAttribute('href')).toBe(
        `/tracking/documents/123/delivery?activeAccountId=${GOTA.id}`,
      );
      expect(within(section).getByRole('link', { name: 'M000000077' }).getAttribute('href')).toBe(
        `/edi-tracking/messages/M000000077/C202600000042?activeAccountId=${GOTA.id}`,
      );
      expect(within(section).queryByRole('link', { name: 'D000000078' })).toBeNull();
      expect(within(section).getByText(/D000000078/)).toBeTruthy();
    });

    it("show provider staff the items in the case's own account", async () => {
      await renderRoute('/support/cases/5/activity', providerAdmin, {
        [`GET /api/support/provider/cases/${supportCase.caseId}`]: {
          ...aboutCase,
          customerId: MALARDALEN.id,
          items: [aboutCase.items[0]!, { ...aboutCase.items[1]!, canOpen: false, consignmentId: null }],
        },
      });
      const section = await screen.findByRole('region', { name: 'About:' });
      expect(within(section).getByRole('link', { name: 'DOC-123' }).getAttribute('href')).toBe(
        `/tracking/documents/123/delivery?activeAccountId=${MALARDALEN.id}`,
      );
      expect(within(section).queryByRole('link', { name: 'M000000077' })).toBeNull();
    });
  });
});
