import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REQUEST_ID_HEADER,
  type TListAccountAccessRequestsResponse,
  type TMyAccessRequest,
} from '@service-hub/contracts';
import { purgeExpired } from '../../jobs/purge-expired.job.ts';
import { createTestApp, expectTooManyRequests, type TestContext } from '../../../test/helpers.ts';

const PASSWORD = 'a-long-enough-secret';

describe('[ACCESS REQUESTS] registration, requests, decisions and verified domains', () => {
  let ctx: TestContext;
  let admin: string;
  let user: string;
  let sfadmin: string;
  let malardalen: number;
  let malardalenNumber: string;
  let gota: number;
  let gotaNumber: string;
  let stt: number[];

  beforeAll(async () => {
    ctx = await createTestApp({ env: { USE_AUTH_SERVICE: '1' } });
    admin = await ctx.tokenFor('admin@example.com');
    user = await ctx.tokenFor('user@example.com');
    sfadmin = await ctx.tokenFor('sfadmin@example.com');
    // admin@ administers Mälardalen (not Göta); user@ is a customer user of both; sfadmin@ holds Göta.
    malardalen = await ctx.customerId('Mälardalens Vatten AB');
    gota = await ctx.customerId('Göta Bostäder AB');
    const numbers = await ctx.db.$client.query<{ id: number; customer_number: string }>(
      'SELECT id, customer_number FROM customers WHERE id = ANY($1)',
      [[malardalen, gota]],
    );
    malardalenNumber = numbers.rows.find((r) => r.id === malardalen)!.customer_number;
    gotaNumber = numbers.rows.find((r) => r.id === gota)!.customer_number;
    const { rows } = await ctx.db.$client.query<{ id: number }>(
      `SELECT p.id FROM customer_permissions cp JOIN permissions p ON p.id = cp.permission_id
        WHERE cp.customer_id = $1 AND p.prefix = 'STT' AND p.name <> 'CustomerAdmin' ORDER BY p.id`,
      [malardalen],
    );
    stt = rows.map((r) => r.id);
  });
  afterAll(() => ctx.close());

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const post = (url: string, payload: unknown, token?: string, remoteAddress?: string) =>
    ctx.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      ...(token && { headers: auth(token) }),
      ...(remoteAddress && { remoteAddress }),
    });
  const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: auth(token) });
  const tokenIn = (text: string | undefined) => /token=([\w-]+)/.exec(text ?? '')?.[1];
  const mailCount = async (address: string) =>
    (
      await ctx.db.$client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM email_outbox WHERE lower(to_address) = lower($1)',
        [address],
      )
    ).rows[0]!.n;

  /** Registers a new person through the link in their mail; answers their access token. */
  const registerPerson = async (email: string, language = 'sv') => {
    const registered = await post('/api/auth/registrations', {
      firstName: 'Nora',
      lastName: 'Lind',
      email,
      password: PASSWORD,
      language,
    });
    expect(registered.statusCode, registered.body).toBe(202);
    const token = tokenIn((await ctx.lastMailTo(email))?.text);
    expect(token).toBeDefined();
    const verified = await post('/api/auth/registrations/verify', { token, password: PASSWORD });
    expect(verified.statusCode, verified.body).toBe(200);
    return verified.json<{ token: string }>().token;
  };
  const ask = (token: string, customerNumber: string, message = 'I run the invoicing.') =>
    post('/api/access-requests', { customerNumber, message }, token);
  const accountRequests = async (customerId: number, token = admin, state = 'pending') => {
    const response = await get(
      `/api/account-access-requests?activeAccountId=${customerId}&state=${state}`,
      token,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TListAccountAccessRequestsResponse>();
  };

  describe('refusals (written first)', () => {
    let person: string;
    let requestId: string;

    beforeAll(async () => {
      person = await registerPerson('refusals.person@nordvatten.example');
      const created = await ask(person, malardalenNumber);
      expect(created.statusCode, created.body).toBe(201);
      requestId = created.json<TMyAccessRequest>().id;
    });

    it("refuses a customer user the account's requests and decisions (403) and changes nothing", async () => {
      for (const response of [
        await get(`/api/account-access-requests?activeAccountId=${malardalen}`, user),
        await post(
          `/api/account-access-requests/${requestId}/approve?activeAccountId=${malardalen}`,
          { role: 'CustomerUser', permissionIds: [] },
          user,
        ),
        await post(
          `/api/account-access-requests/${requestId}/decline?activeAccountId=${malardalen}`,
          { reason: 'No.' },
          user,
        ),
        await get(`/api/email-domains?activeAccountId=${malardalen}`, user),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ status: 403, errorCode: 'FORBIDDEN' });
      }
      expect((await accountRequests(malardalen)).requests.map((r) => r.id)).toContain(requestId);
    });

    it('refuses an administrator of another account, and a person without the account, with 403', async () => {
      // sfadmin@ does not hold Mälardalen; the new person holds nothing.
      for (const token of [person]) {
        const response = await get(`/api/account-access-requests?activeAccountId=${malardalen}`, token);
        expect(response.statusCode).toBe(403);
      }
      const other = await get(`/api/account-access-requests?activeAccountId=${gota}`, admin);
      expect(other.statusCode).toBe(403);
      expect(other.json().detail).toBe('You are not authorized for this customer account.');
    });

    it("answers 404 to an administrator deciding another account's request through their own account", async () => {
      const gotaRequest = await ask(person, gotaNumber);
      expect(gotaRequest.statusCode).toBe(201);
      const id = gotaRequest.json<TMyAccessRequest>().id;
      const approve = await post(
        `/api/account-access-requests/${id}/approve?activeAccountId=${malardalen}`,
        { role: 'CustomerUser', permissionIds: [] },
        admin,
      );
      expect(approve.statusCode).toBe(404);
      const decline = await post(
        `/api/account-access-requests/${id}/decline?activeAccountId=${malardalen}`,
        { reason: 'Not ours.' },
        admin,
      );
      expect(decline.statusCode).toBe(404);
      // Unknown ids answer the same: nothing tells a request of another account from none at all.
      expect(decline.json().detail).toBe(
        (
          await post(
            `/api/account-access-requests/00000000-0000-4000-8000-000000000000/decline?activeAccountId=${malardalen}`,
            { reason: 'Not ours.' },
            admin,
          )
        ).json().detail,
      );
      expect((await accountRequests(gota, sfadmin)).requests.find((r) => r.id === id)?.status).toBe(
        'pending',
      );
    });

    it("shows a person only their own requests and refuses them another's (404)", async () => {
      const other = await registerPerson('refusals.other@nordvatten.example');
      const mine = await get('/api/access-requests', other);
      expect(mine.json().requests).toEqual([]);
      const withdraw = await post(`/api/access-requests/${requestId}/withdraw`, {}, other);
      expect(withdraw.statusCode).toBe(404);
      const still = await get('/api/access-requests', person);
      expect(
        still.json<{ requests: TMyAccessRequest[] }>().requests.find((r) => r.id === requestId)?.status,
      ).toBe('pending');
    });

    it('refuses permissions the account lacks or the administrator cannot share, and roles above their own', async () => {
      const { rows } = await ctx.db.$client.query<{ id: number }>(
        `SELECT p.id FROM permissions p WHERE p.id NOT IN (SELECT permission_id FROM customer_permissions WHERE customer_id = $1) LIMIT 1`,
        [malardalen],
      );
      const foreign = await post(
        `/api/account-access-requests/${requestId}/approve?activeAccountId=${malardalen}`,
        { role: 'CustomerUser', permissionIds: [rows[0]!.id] },
        admin,
      );
      expect(foreign.statusCode).toBe(403);
      const role = await post(
        `/api/account-access-requests/${requestId}/approve?activeAccountId=${malardalen}`,
        { role: 'ProviderAdministrator', permissionIds: [] },
        admin,
      );
      expect(role.statusCode).toBe(400);
      expect(
        await ctx.db.$client.query(
          'SELECT 1 FROM user_customers WHERE user_id = (SELECT user_id FROM access_requests WHERE id = $1)',
          [requestId],
        ),
      ).toMatchObject({ rowCount: 0 });
    });

    it('answers bad input with 400 in the error shape', async () => {
      for (const body of [
        { customerNumber: 'SE1\u0000', message: '' },
        { customerNumber: malardalenNumber, message: 'x\uD800' },
        { customerNumber: malardalenNumber, message: 'x'.repeat(1001) },
        { customerNumber: 'not a number' },
        { customerNumber: 9e99 },
        { customerNumber: malardalenNumber, extra: true },
      ]) {
        const response = await post('/api/access-requests', body, person);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json()).toMatchObject({ status: 400, errorCode: 'VALIDATION_FAILED' });
      }
      const domain = await post(
        `/api/email-domains?activeAccountId=${malardalen}`,
        { domain: 'gmail.com', verificationAddress: 'it@gmail.com' },
        admin,
      );
      expect(domain.statusCode).toBe(400);
      expect(domain.json().errors[0].field).toBe('body.domain');
      const elsewhere = await post(
        `/api/email-domains?activeAccountId=${malardalen}`,
        { domain: 'malarvatten.example', verificationAddress: 'it@other.example' },
        admin,
      );
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().errors[0].field).toBe('body.verificationAddress');
    });
  });

  describe('no answer reveals whether a customer number exists', () => {
    it('answers a request for an unknown number exactly as one for an existing number', async () => {
      const person = await registerPerson('compare.numbers@nordvatten.example');
      // As long as the existing number, so that even the length of the answer cannot differ.
      const unknownNumber = malardalenNumber.slice(0, 2) + '9'.repeat(malardalenNumber.length - 2);
      const { rowCount } = await ctx.db.$client.query('SELECT 1 FROM customers WHERE customer_number = $1', [
        unknownNumber,
      ]);
      expect(rowCount).toBe(0);
      const existing = await ask(person, malardalenNumber, 'Same message');
      const unknown = await ask(person, unknownNumber, 'Same message');
      expect(unknown.statusCode).toBe(existing.statusCode);
      const strip = (body: TMyAccessRequest) => ({
        ...body,
        id: 'id',
        created: 'created',
        customerNumber: 'n',
      });
      expect(strip(unknown.json())).toEqual(strip(existing.json()));
      expect(unknown.json()).toMatchObject({ status: 'pending', customerName: null, decidedAt: null });
      const headerNames = (response: typeof existing) =>
        Object.keys(response.headers)
          .filter((name) => name !== REQUEST_ID_HEADER && name !== 'date')
          .sort();
      expect(headerNames(unknown)).toEqual(headerNames(existing));
      expect(unknown.headers['content-length']).toBe(existing.headers['content-length']);
      const list = (await get('/api/access-requests', person)).json<{ requests: TMyAccessRequest[] }>();
      expect(list.requests.map((r) => [r.customerNumber, r.status, r.customerName])).toEqual([
        [unknownNumber, 'pending', null],
        [malardalenNumber, 'pending', null],
      ]);
    });

    it('answers a registration for an address that already has a user like any other', async () => {
      const body = (email: string) => ({
        firstName: 'Ulla',
        lastName: 'Sand',
        email,
        password: PASSWORD,
        language: 'fi',
      });
      const before = await mailCount('user@example.com');
      const known = await post('/api/auth/registrations', body('user@example.com'));
      const fresh = await post('/api/auth/registrations', body('someone.new@nordvatten.example'));
      expect(known.statusCode).toBe(202);
      expect(fresh.statusCode).toBe(202);
      expect(known.body).toBe(fresh.body);
      expect(Object.keys(known.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
      // The known user's mail points to signing in, in their own language; nothing about them changed.
      expect(await mailCount('user@example.com')).toBe(before + 1);
      const mail = await ctx.lastMailTo('user@example.com');
      expect(mail?.subject).toBe('You already have a Service Hub account');
      expect(tokenIn(mail?.text)).toBeUndefined();
      expect(await ctx.tokenFor('user@example.com')).toBeTruthy();
      // The new address cannot sign in before its link is opened.
      const early = await post('/api/auth/login', {
        email: 'someone.new@nordvatten.example',
        password: PASSWORD,
      });
      expect(early.statusCode).toBe(401);
    });

    it('verifies only with the password chosen at registration, and the link works once', async () => {
      const email = 'once.only@nordvatten.example';
      await post('/api/auth/registrations', {
        firstName: 'Ola',
        lastName: 'Berg',
        email,
        password: PASSWORD,
        language: 'no',
      });
      const mail = await ctx.lastMailTo(email);
      expect(mail?.subject).toBe('Bekreft e-postadressen din for Service Hub');
      const token = tokenIn(mail?.text);
      const wrong = await post('/api/auth/registrations/verify', { token, password: 'someone-elses-secret' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors[0]).toMatchObject({ field: 'body.password', code: 'wrongPassword' });
      expect((await post('/api/auth/registrations/verify', { token, password: PASSWORD })).statusCode).toBe(
        200,
      );
      expect((await post('/api/auth/registrations/verify', { token, password: PASSWORD })).statusCode).toBe(
        410,
      );
    });
  });

  describe('rate limits', () => {
    it('limits registrations per address and per client address', async () => {
      const body = (email: string) => ({
        firstName: 'R',
        lastName: 'L',
        email,
        password: PASSWORD,
        language: 'da',
      });
      for (let i = 0; i < 3; i++)
        expect(
          (await post('/api/auth/registrations', body('flood@nordvatten.example'), undefined, '203.0.113.71'))
            .statusCode,
        ).toBe(202);
      const refused = await post(
        '/api/auth/registrations',
        body('flood@nordvatten.example'),
        undefined,
        '203.0.113.72',
      );
      expectTooManyRequests(refused, 'RATE_LIMITED', 3600);
      for (let i = 0; i < 20; i++)
        expect(
          (
            await post(
              '/api/auth/registrations',
              body(`many${i}@nordvatten.example`),
              undefined,
              '203.0.113.73',
            )
          ).statusCode,
        ).toBe(202);
      expectTooManyRequests(
        await post(
          '/api/auth/registrations',
          body('many-more@nordvatten.example'),
          undefined,
          '203.0.113.73',
        ),
        'RATE_LIMITED',
        3600,
      );
    });

    it('allows five new requests a day per person, then 429 with Retry-After; a duplicate pending one is 409', async () => {
      const person = await registerPerson('busy.asker@nordvatten.example');
      expect((await ask(person, 'SE100001')).statusCode).toBe(201);
      const duplicate = await ask(person, 'se100001');
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().errors[0].field).toBe('body.customerNumber');
      for (const n of ['SE100002', 'SE100003', 'SE100004', 'SE100005'])
        expect((await ask(person, n)).statusCode).toBe(201);
      expectTooManyRequests(await ask(person, 'SE100006'), 'RATE_LIMITED', 24 * 3600);
    });
  });

  describe('end to end through the outbox', () => {
    it('register → ask → administrator told → approve with permissions → the person holds exactly those', async () => {
      const email = 'approved.person@nordvatten.example';
      const person = await registerPerson(email, 'sv');
      const created = await ask(person, malardalenNumber, 'Jag sköter fakturorna.');
      expect(created.statusCode).toBe(201);
      const id = created.json<TMyAccessRequest>().id;

      const adminId = await ctx.userId('admin@example.com');
      const { rows: bell } = await ctx.db.$client.query<{ type: string; payload: Record<string, unknown> }>(
        `SELECT type, payload FROM notifications WHERE user_id = $1 AND type = 'accessRequestReceived' ORDER BY id DESC LIMIT 1`,
        [adminId],
      );
      expect(bell[0]?.payload).toMatchObject({ customerId: malardalen, person: 'Nora Lind' });
      const adminMail = await ctx.lastMailTo('admin@example.com');
      expect(adminMail?.subject).toBe('Nora Lind asks for access to Mälardalens Vatten AB');
      expect(adminMail?.text).toContain('Jag sköter fakturorna.');
      expect(adminMail?.text).toContain(`/accountsettings/access-requests?activeAccountId=${malardalen}`);

      const listed = await accountRequests(malardalen);
      expect(listed.requests.find((r) => r.id === id)).toMatchObject({
        person: { name: 'Nora Lind', email },
        message: 'Jag sköter fakturorna.',
        status: 'pending',
      });
      expect(listed.grantableRoles).toEqual(['CustomerUser', 'CustomerAdministrator']);
      expect(listed.grantablePermissions.map((p) => p.id)).toEqual(expect.arrayContaining(stt));

      const approve = await post(
        `/api/account-access-requests/${id}/approve?activeAccountId=${malardalen}`,
        { role: 'CustomerUser', permissionIds: stt },
        admin,
      );
      expect(approve.statusCode, approve.body).toBe(204);

      const personId = await ctx.userId(email);
      const { rows: held } = await ctx.db.$client.query<{ permission_id: number }>(
        'SELECT permission_id FROM customer_user_permissions WHERE user_id = $1 AND customer_id = $2 ORDER BY permission_id',
        [personId, malardalen],
      );
      expect(held.map((r) => r.permission_id)).toEqual(stt);
      await ctx.cachesHeard();
      const me = await get('/api/v3/user', person);
      expect(me.statusCode, me.body).toBe(200);
      expect(JSON.stringify(me.json())).toContain('Mälardalens Vatten AB');

      const told = await ctx.lastMailTo(email);
      expect(told?.subject).toBe('Du har nu åtkomst till Mälardalens Vatten AB');
      const { rows: personBell } = await ctx.db.$client.query<{ type: string }>(
        'SELECT type FROM notifications WHERE user_id = $1',
        [personId],
      );
      expect(personBell.map((r) => r.type)).toEqual(['accessRequestApproved']);
      const mine = (await get('/api/access-requests', person)).json<{ requests: TMyAccessRequest[] }>();
      expect(mine.requests[0]).toMatchObject({ status: 'approved', customerName: 'Mälardalens Vatten AB' });
      const { rows: audit } = await ctx.db.$client.query<{ customer_id: number; actor_email: string }>(
        `SELECT customer_id, actor_email FROM audit_log WHERE action = 'accessRequest.approved' AND entity_id = $1`,
        [personId],
      );
      expect(audit).toEqual([{ customer_id: malardalen, actor_email: 'admin@example.com' }]);
      // Already decided: a second decision is a conflict.
      const again = await post(
        `/api/account-access-requests/${id}/decline?activeAccountId=${malardalen}`,
        { reason: 'Too late.' },
        admin,
      );
      expect(again.statusCode).toBe(409);
    });

    it('declines with a reason the person reads in the Hub and by e-mail, in their language', async () => {
      const email = 'declined.person@nordvatten.example';
      const person = await registerPerson(email, 'fi');
      const id = (await ask(person, malardalenNumber)).json<TMyAccessRequest>().id;
      const decline = await post(
        `/api/account-access-requests/${id}/decline?activeAccountId=${malardalen}`,
        { reason: 'Ask your manager to invite you.' },
        admin,
      );
      expect(decline.statusCode).toBe(204);
      const mail = await ctx.lastMailTo(email);
      expect(mail?.subject).toBe(`Käyttöoikeuspyyntösi asiakasnumerolle ${malardalenNumber} hylättiin`);
      expect(mail?.text).toContain('Ask your manager to invite you.');
      const mine = (await get('/api/access-requests', person)).json<{ requests: TMyAccessRequest[] }>();
      expect(mine.requests[0]).toMatchObject({
        status: 'declined',
        declineReason: 'Ask your manager to invite you.',
        customerName: null,
      });
      const decided = await accountRequests(malardalen, admin, 'decided');
      expect(decided.requests.find((r) => r.id === id)).toMatchObject({
        status: 'declined',
        decidedBy: 'Anders Dahl',
      });
    });

    it('lets one of two administrators deciding at once win; the other gets 409', async () => {
      const person = await registerPerson('raced.person@nordvatten.example');
      const id = (await ask(person, gotaNumber)).json<TMyAccessRequest>().id;
      // sfadmin@ holds Göta; a second provider administrator decides at the same moment.
      await ctx.db.$client.query(
        `INSERT INTO user_customers (user_id, customer_id) SELECT id, $1 FROM users WHERE email = 'sfadmin@example.com' ON CONFLICT DO NOTHING`,
        [gota],
      );
      const [a, b] = await Promise.all([
        post(
          `/api/account-access-requests/${id}/approve?activeAccountId=${gota}`,
          { role: 'CustomerUser', permissionIds: [] },
          sfadmin,
        ),
        post(
          `/api/account-access-requests/${id}/decline?activeAccountId=${gota}`,
          { reason: 'No.' },
          sfadmin,
        ),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([204, 409]);
      const loser = a.statusCode === 409 ? a : b;
      expect(loser.json().detail).toBe('This access request has already been decided.');
    });

    it('gives the administrator role only when it stays within accounts the deciding administrator administers', async () => {
      const email = 'two.accounts@nordvatten.example';
      const person = await registerPerson(email);
      // Göta first, approved by a provider administrator who holds it.
      await ctx.db.$client.query(
        `INSERT INTO user_customers (user_id, customer_id) SELECT id, $1 FROM users WHERE email = 'sfadmin@example.com' ON CONFLICT DO NOTHING`,
        [gota],
      );
      const first = (await ask(person, gotaNumber)).json<TMyAccessRequest>().id;
      expect(
        (
          await post(
            `/api/account-access-requests/${first}/approve?activeAccountId=${gota}`,
            { role: 'CustomerUser', permissionIds: [] },
            sfadmin,
          )
        ).statusCode,
      ).toBe(204);
      await ctx.cachesHeard();
      // admin@ does not administer Göta: making the person an administrator would reach it.
      const second = (await ask(person, malardalenNumber)).json<TMyAccessRequest>().id;
      const refused = await post(
        `/api/account-access-requests/${second}/approve?activeAccountId=${malardalen}`,
        { role: 'CustomerAdministrator', permissionIds: [] },
        admin,
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ errorCode: 'ROLE_REACHES_OTHER_ACCOUNTS' });
      expect(refused.json().detail).toContain('Approve them as a user');
      const asUser = await post(
        `/api/account-access-requests/${second}/approve?activeAccountId=${malardalen}`,
        { role: 'CustomerUser', permissionIds: stt },
        admin,
      );
      expect(asUser.statusCode).toBe(204);
      const { rows } = await ctx.db.$client.query<{ role: string }>(
        'SELECT role FROM user_roles WHERE user_id = $1 ORDER BY role',
        [await ctx.userId(email)],
      );
      expect(rows.map((r) => r.role)).toEqual(['CustomerUser']);
    });

    it('never lets in as a user someone who administers another account: the role is global, they would administer this one', async () => {
      const email = 'admin.elsewhere@elsewhere.example';
      const person = await registerPerson(email);
      const personId = await ctx.userId(email);
      await ctx.db.$client.query(
        `INSERT INTO user_roles (user_id, role) VALUES ($1, 'CustomerAdministrator')`,
        [personId],
      );
      await ctx.db.$client.query('INSERT INTO user_customers (user_id, customer_id) VALUES ($1, $2)', [
        personId,
        gota,
      ]);
      // A verified domain letting people in as users stands back: an administrator decides.
      await ctx.db.$client.query(
        `INSERT INTO account_email_domains (customer_id, domain, verification_address, verified_at, auto_approve, role)
         VALUES ($1, 'elsewhere.example', 'it@elsewhere.example', now(), true, 'CustomerUser')`,
        [malardalen],
      );
      await ctx.cachesHeard();
      const created = await ask(person, malardalenNumber);
      expect(created.json()).toMatchObject({ status: 'pending' });
      const id = created.json<TMyAccessRequest>().id;
      const asUser = await post(
        `/api/account-access-requests/${id}/approve?activeAccountId=${malardalen}`,
        { role: 'CustomerUser', permissionIds: stt },
        admin,
      );
      expect(asUser.statusCode).toBe(403);
      expect(asUser.json()).toMatchObject({ errorCode: 'ADMINISTRATOR_ELSEWHERE' });
      expect(asUser.json().detail).toContain('administrator of another account');
      const { rowCount } = await ctx.db.$client.query(
        'SELECT 1 FROM user_customers WHERE user_id = $1 AND customer_id = $2',
        [personId, malardalen],
      );
      expect(rowCount).toBe(0);
    });

    it('refuses an approval with 409 when the person already holds the most accounts a user may', async () => {
      const email = 'ten.accounts@nordvatten.example';
      const person = await registerPerson(email);
      const id = (await ask(person, malardalenNumber)).json<TMyAccessRequest>().id;
      await ctx.db.$client.query(
        `INSERT INTO user_customers (user_id, customer_id)
         SELECT u.id, c.id FROM users u, (SELECT id FROM customers WHERE id <> $2 ORDER BY id LIMIT 10) c
          WHERE u.email = $1`,
        [email, malardalen],
      );
      const full = await post(
        `/api/account-access-requests/${id}/approve?activeAccountId=${malardalen}`,
        { role: 'CustomerUser', permissionIds: stt },
        admin,
      );
      expect(full.statusCode).toBe(409);
      expect(full.json()).toMatchObject({ errorCode: 'TOO_MANY_ACCOUNTS' });
      // Nothing was decided: the request still waits.
      expect((await accountRequests(malardalen)).requests.find((r) => r.id === id)?.status).toBe('pending');
    });

    it('lets a person withdraw a pending request', async () => {
      const person = await registerPerson('withdrawing.person@nordvatten.example');
      const id = (await ask(person, 'SE424242')).json<TMyAccessRequest>().id;
      expect((await post(`/api/access-requests/${id}/withdraw`, {}, person)).statusCode).toBe(204);
      expect((await post(`/api/access-requests/${id}/withdraw`, {}, person)).statusCode).toBe(409);
    });

    it('verifies a domain through the mailed link and approves a person at that domain at once', async () => {
      const added = await post(
        `/api/email-domains?activeAccountId=${malardalen}`,
        { domain: 'Malarvatten.example.', verificationAddress: 'postmaster@malarvatten.example' },
        admin,
      );
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json()).toMatchObject({
        domain: 'malarvatten.example',
        state: 'pending',
        autoApprove: false,
      });
      const domainId = added.json<{ id: string }>().id;
      const early = await ctx.app.inject({
        method: 'PUT',
        url: `/api/email-domains/${domainId}?activeAccountId=${malardalen}`,
        headers: auth(admin),
        payload: { autoApprove: true, role: 'CustomerUser', permissionIds: stt },
      });
      expect(early.statusCode).toBe(400);

      const mail = await ctx.lastMailTo('postmaster@malarvatten.example');
      expect(mail?.subject).toBe(
        'Confirm the domain malarvatten.example for Mälardalens Vatten AB in Service Hub',
      );
      const verified = await post('/api/email-domains/verify', { token: tokenIn(mail?.text) });
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json()).toEqual({
        domain: 'malarvatten.example',
        customerName: 'Mälardalens Vatten AB',
      });
      expect((await post('/api/email-domains/verify', { token: tokenIn(mail?.text) })).statusCode).toBe(410);

      const switched = await ctx.app.inject({
        method: 'PUT',
        url: `/api/email-domains/${domainId}?activeAccountId=${malardalen}`,
        headers: auth(admin),
        payload: { autoApprove: true, role: 'CustomerUser', permissionIds: stt },
      });
      expect(switched.statusCode, switched.body).toBe(200);
      expect(switched.json()).toMatchObject({ state: 'verified', autoApprove: true, permissionIds: stt });

      const email = 'kim.nystrom@malarvatten.example';
      const person = await registerPerson(email, 'en-SE');
      const adminMails = await mailCount('admin@example.com');
      const created = await ask(person, malardalenNumber);
      expect(created.json()).toMatchObject({ status: 'approved', customerName: 'Mälardalens Vatten AB' });
      expect(await mailCount('admin@example.com')).toBe(adminMails);
      const personId = await ctx.userId(email);
      const { rows } = await ctx.db.$client.query<{ permission_id: number }>(
        'SELECT permission_id FROM customer_user_permissions WHERE user_id = $1 AND customer_id = $2 ORDER BY permission_id',
        [personId, malardalen],
      );
      expect(rows.map((r) => r.permission_id)).toEqual(stt);
      const decided = await accountRequests(malardalen, admin, 'decided');
      expect(decided.requests.find((r) => r.person.email === email)).toMatchObject({
        approvedByDomain: 'malarvatten.example',
        decidedBy: null,
      });
      const { rows: audit } = await ctx.db.$client.query<{ after: { approvedByDomain: string } }>(
        `SELECT after FROM audit_log WHERE action = 'accessRequest.approved' AND entity_id = $1 AND customer_id = $2`,
        [personId, malardalen],
      );
      expect(audit[0]?.after.approvedByDomain).toBe('malarvatten.example');

      // Removing the domain stops automatic approval at once.
      const removed = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/email-domains/${domainId}?activeAccountId=${malardalen}`,
        headers: auth(admin),
      });
      expect(removed.statusCode).toBe(204);
      const next = await registerPerson('next.one@malarvatten.example');
      expect((await ask(next, malardalenNumber)).json()).toMatchObject({ status: 'pending' });
    });
  });

  describe('the purge job', () => {
    it('removes registrations whose link ran out and expires requests older than 30 days', async () => {
      await post('/api/auth/registrations', {
        firstName: 'Gone',
        lastName: 'Soon',
        email: 'never.confirmed@nordvatten.example',
        password: PASSWORD,
        language: 'en-SE',
      });
      await ctx.db.$client.query(
        `UPDATE email_tokens SET expires_at = now() - interval '1 minute'
          WHERE user_id = (SELECT id FROM users WHERE email = 'never.confirmed@nordvatten.example')`,
      );
      const person = await registerPerson('slow.answer@nordvatten.example');
      const id = (await ask(person, 'SE777777')).json<TMyAccessRequest>().id;
      await ctx.db.$client.query(
        `UPDATE access_requests SET created = now() - interval '31 days' WHERE id = $1`,
        [id],
      );
      const deleted = await purgeExpired(ctx.db);
      expect(deleted.unconfirmed_registrations).toBeGreaterThanOrEqual(1);
      expect(deleted.expired_access_requests).toBe(1);
      const { rowCount } = await ctx.db.$client.query(
        "SELECT 1 FROM users WHERE email = 'never.confirmed@nordvatten.example'",
      );
      expect(rowCount).toBe(0);
      const mine = (await get('/api/access-requests', person)).json<{ requests: TMyAccessRequest[] }>();
      expect(mine.requests[0]?.status).toBe('expired');
    });
  });
});
