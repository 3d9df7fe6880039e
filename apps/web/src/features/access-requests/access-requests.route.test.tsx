import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  ZAddEmailDomainRequest,
  ZApproveAccessRequestRequest,
  ZCreateAccessRequestRequest,
  ZDeclineAccessRequestRequest,
  ZRegisterRequest,
  ZUpdateEmailDomainRequest,
  type TAccountAccessRequest,
  type TEmailDomain,
  type TListAccountAccessRequestsResponse,
  type TMyAccessRequest,
} from '@service-hub/contracts';
import {
  customerAdmin,
  customerUser,
  MALARDALEN,
  userWithoutAccounts,
} from '../../lib/access/route-access.fixtures';
import { renderRoute } from '../../test/render-route';

const TITLES: Record<number, string> = { 400: 'Bad Request', 403: 'Forbidden', 409: 'Conflict' };
const apiError = (status: number, detail: string, errorCode: string, errors?: unknown[]) =>
  Response.json({ status, title: TITLES[status], detail, errorCode, requestId: 'test', errors }, { status });
const invalid = () =>
  apiError(400, 'Invalid request.', 'VALIDATION_FAILED', [
    { field: 'body', code: 'invalidValue', message: 'The value is not valid.' },
  ]);

/**
 * A person's requests as the server keeps them: the body checked by the contract (400 otherwise),
 * every new request pending without an account name whatever the number, one pending per number.
 */
function personServer(initial: TMyAccessRequest[] = []) {
  const requests = [...initial];
  const sent: unknown[] = [];
  return {
    sent,
    stubs: {
      'GET /api/access-requests': () => ({ requests }),
      'POST /api/access-requests': async (request: Request) => {
        const parsed = ZCreateAccessRequestRequest.safeParse(await request.json());
        if (!parsed.success) return invalid();
        if (requests.some((r) => r.customerNumber === parsed.data.customerNumber && r.status === 'pending'))
          return apiError(409, 'Pending.', 'CONFLICT', [
            { field: 'body.customerNumber', code: 'alreadyExists', message: 'Pending.' },
          ]);
        sent.push(parsed.data);
        const created: TMyAccessRequest = {
          id: `3f2504e0-4f89-41d3-9a0c-03050000000${requests.length}`,
          customerNumber: parsed.data.customerNumber,
          customerName: null,
          message: parsed.data.message,
          status: 'pending',
          created: '2026-11-26T10:00:00.000Z',
          decidedAt: null,
          declineReason: null,
        };
        requests.unshift(created);
        return created;
      },
      'POST /api/access-requests/3f2504e0-4f89-41d3-9a0c-030500000000/withdraw': () => {
        const request = requests.find((r) => r.id.endsWith('0000'));
        if (!request || request.status !== 'pending') return apiError(409, 'Decided.', 'CONFLICT');
        request.status = 'withdrawn';
        return undefined;
      },
    },
  };
}

describe('a signed-in person without an account', () => {
  it('asks for access by customer number, sees the request waiting, and can withdraw it', async () => {
    const server = personServer();
    const user = userEvent.setup();
    await renderRoute('/dashboard', userWithoutAccounts, server.stubs);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ask for access' })).toBeTruthy();
    expect(await screen.findByText('You have not asked for access yet.')).toBeTruthy();

    // Checked in the browser first, with the same rules as the server, in words.
    await user.type(screen.getByRole('textbox', { name: /^Customer number/ }), '12345');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Use a country prefix and digits, e.g. SE12345.')).toBeTruthy();
    expect(server.sent).toEqual([]);

    await user.clear(screen.getByRole('textbox', { name: /^Customer number/ }));
    await user.type(screen.getByRole('textbox', { name: /^Customer number/ }), 'se4711');
    await user.type(
      screen.getByRole('textbox', { name: /^Message to the account’s administrators/ }),
      'I handle our invoices.',
    );
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(
      await screen.findByText(
        'Your request for SE4711 has been sent. It waits for the account’s administrators.',
      ),
    ).toBeTruthy();
    expect(server.sent).toEqual([{ customerNumber: 'SE4711', message: 'I handle our invoices.' }]);
    const item = await screen.findByRole('listitem', { name: 'SE4711' });
    expect(within(item).getByText('Waiting')).toBeTruthy();
    expect(within(item).getByText('Waiting for the account’s administrators.')).toBeTruthy();

    // The same number again: the server's conflict lands on the field, translated.
    await user.type(screen.getByRole('textbox', { name: /^Customer number/ }), 'SE4711');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(
      await screen.findByText('You already have a request waiting for this customer number.'),
    ).toBeTruthy();

    await user.click(within(item).getByRole('button', { name: 'Withdraw the request for SE4711' }));
    await waitFor(() => expect(within(item).getByText('Withdrawn')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it('says the limit of the day in words when the server refuses with 429', async () => {
    const user = userEvent.setup();
    await renderRoute('/dashboard', userWithoutAccounts, {
      ...personServer().stubs,
      'POST /api/access-requests': () =>
        Response.json(
          {
            status: 429,
            title: 'Too Many Requests',
            detail: 'Too many access requests. Try again in 3 hours.',
            errorCode: 'RATE_LIMITED',
            requestId: 'test',
          },
          { status: 429, headers: { 'retry-after': '10800' } },
        ),
    });
    await user.type(await screen.findByRole('textbox', { name: /^Customer number/ }), 'SE4711');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You have sent many requests today. Try again tomorrow.',
    );
  });
});

const nora: TAccountAccessRequest = {
  id: '3f2504e0-4f89-41d3-9a0c-0305e82c5501',
  person: { name: 'Nora Lind', email: 'nora.lind@nordvatten.example' },
  message: 'I run the invoicing.',
  status: 'pending',
  created: '2026-11-25T08:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  declineReason: null,
  grantedRole: null,
  grantedPermissionIds: [],
  approvedByDomain: null,
};
const ola: TAccountAccessRequest = {
  ...nora,
  id: '3f2504e0-4f89-41d3-9a0c-0305e82c5502',
  person: { name: 'Ola Berg', email: 'ola@berg.example' },
};

const OPTIONS: Pick<TListAccountAccessRequestsResponse, 'grantablePermissions' | 'grantableRoles'> = {
  grantablePermissions: [
    { id: 11, prefix: 'STT', name: 'stt-customer' },
    { id: 12, prefix: 'SUP', name: 'support-customer' },
  ],
  grantableRoles: ['CustomerUser', 'CustomerAdministrator'],
};

/**
 * The account's requests and domains as the server answers its administrators: bodies checked by
 * the contract, a decided request answering 409, only offered permissions accepted (403).
 */
function adminServer() {
  const pending = [nora, ola];
  const decisions: { id: string; kind: string; body: unknown }[] = [];
  const domains: TEmailDomain[] = [
    {
      id: '3f2504e0-4f89-41d3-9a0c-0305e82c6601',
      domain: 'nordvatten.example',
      verificationAddress: 'it@nordvatten.example',
      state: 'verified',
      verifiedAt: '2026-11-20T08:00:00.000Z',
      autoApprove: false,
      role: 'CustomerUser',
      permissionIds: [],
    },
  ];
  const decide = (kind: 'approve' | 'decline') => async (request: Request) => {
    const id = new URL(request.url).pathname.split('/')[3]!;
    const body: unknown = await request.json();
    const parsed = (
      kind === 'approve' ? ZApproveAccessRequestRequest : ZDeclineAccessRequestRequest
    ).safeParse(body);
    if (!parsed.success) return invalid();
    if (id === ola.id) return apiError(409, 'This access request has already been decided.', 'CONFLICT');
    if (kind === 'approve' && ZApproveAccessRequestRequest.parse(body).permissionIds.some((p) => p > 12))
      return apiError(403, 'No.', 'FORBIDDEN');
    decisions.push({ id, kind, body: parsed.data });
    pending.splice(
      pending.findIndex((r) => r.id === id),
      1,
    );
    return undefined;
  };
  return {
    decisions,
    domains,
    stubs: {
      'GET /api/account-access-requests': (request: Request) =>
        new URL(request.url).searchParams.get('state') === 'decided'
          ? { requests: [], ...OPTIONS }
          : { requests: pending, ...OPTIONS },
      [`POST /api/account-access-requests/${nora.id}/approve`]: decide('approve'),
      [`POST /api/account-access-requests/${nora.id}/decline`]: decide('decline'),
      [`POST /api/account-access-requests/${ola.id}/approve`]: decide('approve'),
      'GET /api/email-domains': () => ({ domains }),
      'POST /api/email-domains': async (request: Request) => {
        const parsed = ZAddEmailDomainRequest.safeParse(await request.json());
        if (!parsed.success) return invalid();
        if (parsed.data.domain === 'gmail.com')
          return apiError(400, 'Public.', 'VALIDATION_FAILED', [
            { field: 'body.domain', code: 'invalidValue', message: 'Public.' },
          ]);
        const added: TEmailDomain = {
          id: '3f2504e0-4f89-41d3-9a0c-0305e82c6602',
          domain: parsed.data.domain,
          verificationAddress: parsed.data.verificationAddress,
          state: 'pending',
          verifiedAt: null,
          autoApprove: false,
          role: 'CustomerUser',
          permissionIds: [],
        };
        domains.push(added);
        return added;
      },
      [`PUT /api/email-domains/${domains[0]!.id}`]: async (request: Request) => {
        const parsed = ZUpdateEmailDomainRequest.safeParse(await request.json());
        if (!parsed.success) return invalid();
        Object.assign(domains[0]!, parsed.data);
        return domains[0];
      },
    },
  };
}

const PAGE = `/accountsettings/access-requests?activeAccountId=${MALARDALEN.id}`;

describe("the account's access requests, for its administrators", () => {
  it('approves a request with the chosen role and permissions', async () => {
    const server = adminServer();
    const user = userEvent.setup();
    await renderRoute(PAGE, customerAdmin, server.stubs);
    expect(await screen.findByRole('heading', { level: 1, name: 'Access requests' })).toBeTruthy();
    const item = await screen.findByRole('listitem', { name: 'Nora Lind' });
    expect(within(item).getByText('nora.lind@nordvatten.example')).toBeTruthy();
    expect(within(item).getByText('I run the invoicing.')).toBeTruthy();
    await user.click(within(item).getByRole('button', { name: 'Approve Nora Lind' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Nora Lind' });
    await user.click(within(dialog).getByRole('radio', { name: 'Administrator' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Track and trace · stt-customer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.decisions).toEqual([
      { id: nora.id, kind: 'approve', body: { role: 'CustomerAdministrator', permissionIds: [11] } },
    ]);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Nora Lind' })).toBeNull());
  });

  it('declines only with a reason, and says so when another administrator decided first', async () => {
    const server = adminServer();
    const user = userEvent.setup();
    await renderRoute(PAGE, customerAdmin, server.stubs);
    const item = await screen.findByRole('listitem', { name: 'Nora Lind' });
    await user.click(within(item).getByRole('button', { name: 'Decline Nora Lind' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline Nora Lind' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText('This field cannot be empty.')).toBeTruthy();
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Reason/ }),
      'Ask your manager to invite you.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.decisions).toEqual([
      { id: nora.id, kind: 'decline', body: { reason: 'Ask your manager to invite you.' } },
    ]);

    const other = await screen.findByRole('listitem', { name: 'Ola Berg' });
    await user.click(within(other).getByRole('button', { name: 'Approve Ola Berg' }));
    const approve = await screen.findByRole('dialog', { name: 'Approve Ola Berg' });
    await user.click(within(approve).getByRole('button', { name: 'Approve' }));
    expect((await within(approve).findByRole('alert')).textContent).toBe(
      'Someone else has already decided this. Refresh the list.',
    );
  });

  it('adds a domain, words the refusal of a public mail service, and switches on automatic approval', async () => {
    const server = adminServer();
    const user = userEvent.setup();
    await renderRoute(PAGE, customerAdmin, server.stubs);
    const section = await screen.findByRole('region', { name: 'E-mail domains' });
    const verified = await within(section).findByRole('listitem', { name: 'nordvatten.example' });
    expect(within(verified).getByText('Confirmed')).toBeTruthy();
    expect(within(verified).getByText('Automatic approval is off.')).toBeTruthy();

    const form = within(section).getByRole('form', { name: 'Add a domain' });
    await user.type(within(form).getByRole('textbox', { name: /^Domain/ }), 'gmail.com');
    await user.type(within(form).getByRole('textbox', { name: /^Send the confirmation to/ }), 'it@gmail.com');
    await user.click(within(form).getByRole('button', { name: 'Send confirmation link' }));
    expect(
      await within(form).findByText(
        'Anyone can get an address at this mail service, so it cannot be confirmed.',
      ),
    ).toBeTruthy();

    await user.clear(within(form).getByRole('textbox', { name: /^Domain/ }));
    await user.type(within(form).getByRole('textbox', { name: /^Domain/ }), 'malarvatten.example');
    await user.clear(within(form).getByRole('textbox', { name: /^Send the confirmation to/ }));
    await user.type(
      within(form).getByRole('textbox', { name: /^Send the confirmation to/ }),
      'postmaster@malarvatten.example',
    );
    await user.click(within(form).getByRole('button', { name: 'Send confirmation link' }));
    expect(
      await within(form).findByText(
        'A confirmation link has been sent to postmaster@malarvatten.example. It works for 7 days.',
      ),
    ).toBeTruthy();
    const added = await within(section).findByRole('listitem', { name: 'malarvatten.example' });
    expect(within(added).getByText('Waiting for confirmation')).toBeTruthy();

    await user.click(
      within(verified).getByRole('button', { name: 'Automatic approval for nordvatten.example' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Automatic approval for nordvatten.example' });
    await user.click(within(dialog).getByRole('switch', { name: /^Approve requests automatically/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Track and trace · stt-customer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.domains[0]).toMatchObject({ autoApprove: true, role: 'CustomerUser', permissionIds: [11] });
    expect(await within(verified).findByText('Automatic approval is on.')).toBeTruthy();
  });

  it('is not open to a customer user', async () => {
    await renderRoute(PAGE, customerUser, adminServer().stubs);
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 1, name: 'Access requests' })).toBeNull(),
    );
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Access requests' })).toBeNull();
  });
});

describe('registration', () => {
  it('creates an account and always says to check the e-mail', async () => {
    const sent: unknown[] = [];
    const user = userEvent.setup();
    await renderRoute('/register', null, {
      'POST /api/auth/registrations': async (request: Request) => {
        const parsed = ZRegisterRequest.safeParse(await request.json());
        if (!parsed.success) return invalid();
        sent.push(parsed.data);
        return { status: 'checkYourEmail' };
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Create an account' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /^First name/ }), 'Nora');
    await user.type(screen.getByRole('textbox', { name: /^Last name/ }), 'Lind');
    await user.type(screen.getByRole('textbox', { name: /^E-mail address/ }), 'nora.lind@nordvatten.example');
    await user.type(screen.getByLabelText(/^Password/), 'a-long-enough-secret');
    await user.type(screen.getByLabelText(/^Repeat the password/), 'a-different-secret');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('The passwords are not the same.')).toBeTruthy();
    expect(sent).toEqual([]);
    await user.clear(screen.getByLabelText(/^Repeat the password/));
    await user.type(screen.getByLabelText(/^Repeat the password/), 'a-long-enough-secret');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText(
        'We have sent a message to nora.lind@nordvatten.example. Open the link in it within 24 hours to confirm your address.',
      ),
    ).toBeTruthy();
    expect(sent).toEqual([
      {
        firstName: 'Nora',
        lastName: 'Lind',
        email: 'nora.lind@nordvatten.example',
        password: 'a-long-enough-secret',
        language: 'en-SE',
      },
    ]);
  });
});

describe('registration, refused by its limit', () => {
  it('says in words that too many accounts were created, not a sign-in message', async () => {
    const user = userEvent.setup();
    await renderRoute('/register', null, {
      'POST /api/auth/registrations': () =>
        Response.json(
          {
            status: 429,
            title: 'Too Many Requests',
            detail: 'Too many registrations. Try again in 59 minutes.',
            errorCode: 'RATE_LIMITED',
            requestId: 'test',
          },
          { status: 429, headers: { 'retry-after': '3540' } },
        ),
    });
    await user.type(await screen.findByRole('textbox', { name: /^First name/ }), 'Nora');
    await user.type(screen.getByRole('textbox', { name: /^Last name/ }), 'Lind');
    await user.type(screen.getByRole('textbox', { name: /^E-mail address/ }), 'nora.lind@nordvatten.example');
    await user.type(screen.getByLabelText(/^Password/), 'a-long-enough-secret');
    await user.type(screen.getByLabelText(/^Repeat the password/), 'a-long-enough-secret');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many accounts have been created from here or for this address. Try again in an hour.',
    );
  });
});

describe("a domain's confirmation link", () => {
  const TOKEN = 'matrixTokenOfTheDomainLink0123456789';

  it('confirms only on a button press, and says which account the domain now belongs to', async () => {
    const confirmed: unknown[] = [];
    const user = userEvent.setup();
    await renderRoute(`/email-domains/confirm?token=${TOKEN}`, null, {
      'POST /api/email-domains/verify': async (request: Request) => {
        confirmed.push(await request.json());
        return { domain: 'malarvatten.example', customerName: 'Mälardalens Vatten AB' };
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm an e-mail domain' })).toBeTruthy();
    expect(confirmed).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Confirm the domain' }));
    expect(
      await screen.findByText('malarvatten.example is now confirmed for Mälardalens Vatten AB.'),
    ).toBeTruthy();
    expect(confirmed).toEqual([{ token: TOKEN }]);
  });

  it('says in words when the link was used or has expired', async () => {
    const user = userEvent.setup();
    await renderRoute(`/email-domains/confirm?token=${TOKEN}`, null, {
      'POST /api/email-domains/verify': () =>
        Response.json(
          {
            status: 410,
            title: 'Gone',
            detail: 'This link has expired or has already been used. Ask for a new one.',
            errorCode: 'LINK_EXPIRED',
            requestId: 'test',
          },
          { status: 410 },
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Confirm the domain' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This link has expired or has already been used.',
    );
  });
});
