import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  STATUS_COMPONENTS,
  ZApiError,
  ZPublicStatus,
  ZStatusNotice,
  type TCreateStatusNoticeRequest,
  type TPublicStatus,
  type TStatusNotice,
} from '@service-hub/contracts';
import { purgeExpired } from '../../jobs/purge-expired.job.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';

const incident = (overrides: Partial<TCreateStatusNoticeRequest> = {}): TCreateStatusNoticeRequest => ({
  kind: 'incident',
  title: { 'en-SE': 'Reports are slow', sv: 'Rapporterna är långsamma' },
  message: { 'en-SE': 'We are looking into it.' },
  components: ['reports'],
  impact: 'minor',
  ...overrides,
});

type XmlElement = {
  name: string;
  uri: string;
  attributes: Record<string, string>;
  text: string;
  children: XmlElement[];
};

/**
 * The feed as a tree of elements; text that is not well-formed XML (an unescaped `<` or `&`, a bad
 * name, an unclosed tag) throws. saxes is the strict, namespace-aware XML parser jsdom parses XML
 * with (installed with jsdom); the API's test code has no DOM.
 */
function parseXml(body: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const root: XmlElement = { name: '#document', uri: '', attributes: {}, text: '', children: [] };
  const open: XmlElement[] = [root];
  parser.on('opentag', (tag) => {
    const element: XmlElement = {
      name: tag.local,
      uri: tag.uri,
      attributes: Object.fromEntries(Object.values(tag.attributes).map((a) => [a.name, a.value])),
      text: '',
      children: [],
    };
    open.at(-1)!.children.push(element);
    open.push(element);
  });
  parser.on('text', (text) => (open.at(-1)!.text += text));
  parser.on('closetag', () => open.pop());
  parser.write(body).close();
  expect(root.children).toHaveLength(1);
  return root.children[0]!;
}

const child = (element: XmlElement | undefined, name: string) =>
  element?.children.find((c) => c.name === name);
const entriesOf = (feed: XmlElement) => feed.children.filter((c) => c.name === 'entry');
const entryOf = (feed: XmlElement, id: string) =>
  entriesOf(feed).find((entry) => child(entry, 'id')?.text === `urn:uuid:${id}`);

describe('[STATUS] the public status and the notices provider administrators write', () => {
  let ctx: TestContext;
  let sfAdmin: string;
  let customerAdmin: string;
  let customerUser: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    sfAdmin = await ctx.tokenFor('sfadmin@example.com');
    customerAdmin = await ctx.tokenFor('admin@example.com');
    customerUser = await ctx.tokenFor('user@example.com');
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    });
  const publicStatus = async () => {
    const response = await call('GET', '/api/status', null);
    expect(response.statusCode).toBe(200);
    return ZPublicStatus.strict().parse(response.json()) as TPublicStatus;
  };
  const create = async (body: TCreateStatusNoticeRequest) => {
    const response = await call('POST', '/api/status-notices', sfAdmin, body);
    expect(response.statusCode, response.body).toBe(201);
    return ZStatusNotice.parse(response.json()) as TStatusNotice;
  };
  const stateOf = (status: TPublicStatus, id: string) => status.components.find((c) => c.id === id)?.state;

  it('answers anyone without sign-in, cacheable for 15 s, with every component measured and nothing internal', async () => {
    const response = await call('GET', '/api/status', null);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=15');
    const status = ZPublicStatus.strict().parse(response.json());
    expect(status.components.map((c) => c.id)).toEqual([...STATUS_COMPONENTS]);
    // The database answers, so every probe ran against the real schema (pg-boss's included).
    expect(status.components.filter((c) => c.state === 'unknown')).toEqual([]);
    expect(stateOf(status, 'api')).toBe('operational');
    expect(stateOf(status, 'signIn')).toBe('operational');
    // Only states and what administrators wrote: no counts, ages, hosts or errors.
    expect(Object.keys(status.components[0]!).sort()).toEqual(['id', 'state']);
    expect(response.body).not.toMatch(/localhost|127\.0\.0\.1|postgres|error/i);
  });

  it('computes once per interval: a flood of anonymous requests shares one round of queries', async () => {
    // A write on this instance makes the next answer fresh: the flood below finds nothing cached.
    await create(incident({ title: { 'en-SE': 'Flood test' } }));
    const connect = vi.spyOn(ctx.db.$client, 'connect');
    try {
      const flood = () => Promise.all(Array.from({ length: 25 }, () => call('GET', '/api/status', null)));
      const first = await flood();
      expect(first.every((a) => a.statusCode === 200)).toBe(true);
      expect(new Set(first.map((a) => a.json<TPublicStatus>().updatedAt)).size).toBe(1);
      // One connection for the one round of probes, shared by all 25.
      expect(connect).toHaveBeenCalledTimes(1);
      // Within the interval the next flood costs no query at all.
      const second = await flood();
      expect(second.map((a) => a.json<TPublicStatus>().updatedAt)).toEqual(
        first.map((a) => a.json<TPublicStatus>().updatedAt),
      );
      expect(connect).toHaveBeenCalledTimes(1);
    } finally {
      connect.mockRestore();
    }
  });

  it('refuses the administration of notices to everyone but provider administrators (SF_ADMIN)', async () => {
    const notice = await create(incident({ title: { 'en-SE': 'Refusal test' } }));
    const update = { status: 'identified', message: { 'en-SE': 'Found it.' } };
    const attempts = [
      () => call('GET', '/api/status-notices', null),
      () => call('POST', '/api/status-notices', null, incident()),
      () => call('POST', `/api/status-notices/${notice.id}/updates`, null, update),
    ];
    for (const attempt of attempts) expect((await attempt()).statusCode).toBe(401);
    for (const token of [customerUser, customerAdmin]) {
      expect((await call('GET', '/api/status-notices', token)).statusCode).toBe(403);
      expect((await call('POST', '/api/status-notices', token, incident())).statusCode).toBe(403);
      const refused = await call('POST', `/api/status-notices/${notice.id}/updates`, token, update);
      expect(refused.statusCode).toBe(403);
      expect(ZApiError.parse(refused.json()).errorCode).toBe('FORBIDDEN');
    }

    // Provider staff without SF_ADMIN (a ProviderAdministrator only) is refused as well.
    const sfAdminId = await ctx.userId('sfadmin@example.com');
    await ctx.db.$client.query(`DELETE FROM user_roles WHERE user_id = $1 AND role = 'SF_ADMIN'`, [
      sfAdminId,
    ]);
    await ctx.cachesHeard();
    try {
      expect((await call('GET', '/api/status-notices', sfAdmin)).statusCode).toBe(403);
      expect((await call('POST', '/api/status-notices', sfAdmin, incident())).statusCode).toBe(403);
      expect(
        (await call('POST', `/api/status-notices/${notice.id}/updates`, sfAdmin, update)).statusCode,
      ).toBe(403);
    } finally {
      await ctx.db.$client.query(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'SF_ADMIN')`, [
        sfAdminId,
      ]);
      await ctx.cachesHeard();
    }
    const list = await call('GET', '/api/status-notices', sfAdmin);
    expect(list.statusCode).toBe(200);
    expect(list.json<TStatusNotice[]>().map((n) => n.id)).toContain(notice.id);
    // Nothing changed by the refused attempts.
    expect(list.json<TStatusNotice[]>().find((n) => n.id === notice.id)?.updates).toHaveLength(1);
  });

  it.each([
    ['no English title', { title: { sv: 'Bara svenska' } }, 'body.title.en-SE', 'required'],
    ['an empty English title', { title: { 'en-SE': '   ' } }, 'body.title.en-SE', 'required'],
    ['a title too long', { title: { 'en-SE': 'x'.repeat(201) } }, 'body.title.en-SE', 'tooBig'],
    ['a message too long', { message: { 'en-SE': 'x'.repeat(4001) } }, 'body.message.en-SE', 'tooBig'],
    [
      'U+0000 in a translation',
      { title: { 'en-SE': 'Ok', fi: 'a\u0000b' } },
      'body.title.fi',
      'invalidCharacters',
    ],
    ['a lone surrogate', { message: { 'en-SE': 'a\uD800b' } }, 'body.message.en-SE', 'invalidCharacters'],
    ['an unknown language', { title: { 'en-SE': 'Ok', de: 'Nein' } }, 'body.title.de', 'unknownField'],
    ['no component', { components: [] }, 'body.components', 'tooSmall'],
    ['an unknown component', { components: ['database'] }, 'body.components.0', 'invalidValue'],
    ['a component twice', { components: ['api', 'api'] }, 'body.components', 'invalidValue'],
    ['an incident without impact', { impact: null }, 'body.impact', 'required'],
    ['an incident with a window', { startsAt: '2026-12-01T10:00:00Z' }, 'body.startsAt', 'invalidValue'],
    [
      'maintenance with an impact',
      { kind: 'maintenance', startsAt: '2026-12-01T10:00:00Z', endsAt: '2026-12-01T11:00:00Z' },
      'body.impact',
      'invalidValue',
    ],
    [
      'maintenance ending before it starts',
      { kind: 'maintenance', impact: null, startsAt: '2026-12-01T10:00:00Z', endsAt: '2026-12-01T09:00:00Z' },
      'body.endsAt',
      'endBeforeStart',
    ],
    [
      'maintenance without a start',
      { kind: 'maintenance', impact: null, endsAt: '2026-12-01T09:00:00Z' },
      'body.startsAt',
      'required',
    ],
    [
      'a start that is no time',
      { kind: 'maintenance', impact: null, startsAt: 'tomorrow', endsAt: '2026-12-01T09:00:00Z' },
      'body.startsAt',
      'invalidFormat',
    ],
    ['an unknown kind', { kind: 'outage' }, 'body.kind', 'invalidValue'],
  ])('refuses %s with 400 naming the field', async (_name, change, field, code) => {
    const response = await call('POST', '/api/status-notices', sfAdmin, { ...incident(), ...change });
    expect(response.statusCode, response.body).toBe(400);
    const error = ZApiError.parse(response.json());
    expect(error.errorCode).toBe('VALIDATION_FAILED');
    expect(error.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field, code })]));
  });

  it('runs an incident from investigating to resolved: public at once, states follow, audited, then closed', async () => {
    const before = await publicStatus();
    expect(stateOf(before, 'email')).toBe('operational');

    const notice = await create(
      incident({
        title: { 'en-SE': 'E-mail delayed', fi: 'Sähköposti viivästyy' },
        components: ['email', 'signIn'],
        impact: 'major',
      }),
    );
    expect(notice).toMatchObject({
      kind: 'incident',
      status: 'investigating',
      impact: 'major',
      resolvedAt: null,
      title: { 'en-SE': 'E-mail delayed', fi: 'Sähköposti viivästyy', sv: null, no: null, da: null },
    });
    // The write makes this instance compute afresh: shown at once, with the declared impact.
    const during = await publicStatus();
    expect(during.notices.map((n) => n.id)).toContain(notice.id);
    expect(stateOf(during, 'email')).toBe('outage');
    expect(stateOf(during, 'signIn')).toBe('outage');

    const identified = await call('POST', `/api/status-notices/${notice.id}/updates`, sfAdmin, {
      status: 'identified',
      message: { 'en-SE': 'A mail relay is down.', sv: 'En e-postserver är nere.' },
    });
    expect(identified.statusCode).toBe(201);
    expect(identified.json<TStatusNotice>().updates.map((u) => u.status)).toEqual([
      'identified',
      'investigating',
    ]);

    // A maintenance step does not fit an incident.
    const wrongStep = await call('POST', `/api/status-notices/${notice.id}/updates`, sfAdmin, {
      status: 'completed',
      message: { 'en-SE': 'Done.' },
    });
    expect(wrongStep.statusCode).toBe(400);
    expect(ZApiError.parse(wrongStep.json()).errors?.[0]).toMatchObject({
      field: 'body.status',
      code: 'invalidValue',
    });

    const resolved = await call('POST', `/api/status-notices/${notice.id}/updates`, sfAdmin, {
      status: 'resolved',
      message: { 'en-SE': 'Mail flows again.' },
    });
    expect(resolved.statusCode).toBe(201);
    expect(resolved.json<TStatusNotice>().resolvedAt).not.toBeNull();
    const after = await publicStatus();
    expect(stateOf(after, 'email')).toBe('operational');
    expect(after.notices.find((n) => n.id === notice.id)?.status).toBe('resolved');

    const late = await call('POST', `/api/status-notices/${notice.id}/updates`, sfAdmin, {
      status: 'monitoring',
      message: { 'en-SE': 'Too late.' },
    });
    expect(late.statusCode).toBe(409);
    const missing = await call(
      'POST',
      '/api/status-notices/00000000-0000-4000-8000-000000000000/updates',
      sfAdmin,
      {
        status: 'monitoring',
        message: { 'en-SE': 'Nobody here.' },
      },
    );
    expect(missing.statusCode).toBe(404);

    const { rows } = await ctx.db.$client.query<{ action: string; actor_email: string }>(
      `SELECT action, actor_email FROM audit_log WHERE entity_type = 'statusNotice' AND entity_id = $1 ORDER BY id`,
      [notice.id],
    );
    expect(rows).toEqual([
      { action: 'statusNotice.created', actor_email: 'sfadmin@example.com' },
      { action: 'statusNotice.updated', actor_email: 'sfadmin@example.com' },
      { action: 'statusNotice.updated', actor_email: 'sfadmin@example.com' },
    ]);
  });

  it('shows maintenance under way as "maintenance" and announces planned maintenance', async () => {
    const hour = 60 * 60 * 1000;
    const running = await create({
      kind: 'maintenance',
      title: { 'en-SE': 'Database upgrade' },
      message: { 'en-SE': 'Files may arrive late.' },
      components: ['tracking'],
      startsAt: new Date(Date.now() - hour).toISOString(),
      endsAt: new Date(Date.now() + hour).toISOString(),
    });
    const planned = await create({
      kind: 'maintenance',
      title: { 'en-SE': 'EDI relay move' },
      message: { 'en-SE': 'Next week.' },
      components: ['ediTracking'],
      startsAt: new Date(Date.now() + 7 * 24 * hour).toISOString(),
      endsAt: new Date(Date.now() + 7 * 24 * hour + hour).toISOString(),
    });
    expect(running.status).toBe('scheduled');
    const status = await publicStatus();
    // (Reports has open incidents of the tests above: an incident outranks maintenance.)
    expect(stateOf(status, 'tracking')).toBe('maintenance');
    // Planned for next week: announced, but not yet shown as maintenance.
    expect(stateOf(status, 'ediTracking')).not.toBe('maintenance');
    expect(status.notices.map((n) => n.id)).toEqual(expect.arrayContaining([running.id, planned.id]));

    const wrongStep = await call('POST', `/api/status-notices/${running.id}/updates`, sfAdmin, {
      status: 'resolved',
      message: { 'en-SE': 'Done.' },
    });
    expect(wrongStep.statusCode).toBe(400);
    const completed = await call('POST', `/api/status-notices/${running.id}/updates`, sfAdmin, {
      status: 'completed',
      message: { 'en-SE': 'Done.' },
    });
    expect(completed.statusCode).toBe(201);
    expect(stateOf(await publicStatus(), 'tracking')).not.toBe('maintenance');
  });

  it('keeps 90 days of history: older closed notices are not shown, and the nightly purge deletes them', async () => {
    const old = await create(incident({ title: { 'en-SE': 'Long ago' } }));
    await ctx.db.$client.query(
      `UPDATE status_notices SET resolved_at = now() - interval '91 days' WHERE id = $1`,
      [old.id],
    );
    const recent = await create(incident({ title: { 'en-SE': 'Last month' } }));
    await ctx.db.$client.query(
      `UPDATE status_notices SET resolved_at = now() - interval '30 days' WHERE id = $1`,
      [recent.id],
    );
    const listed = (await call('GET', '/api/status-notices', sfAdmin))
      .json<TStatusNotice[]>()
      .map((n) => n.id);
    expect(listed).toContain(recent.id);
    expect(listed).not.toContain(old.id);

    const deleted = await purgeExpired(ctx.db);
    expect(deleted.status_notices).toBe(1);
    const { rows } = await ctx.db.$client.query(
      'SELECT count(*)::int AS n FROM status_notice_updates WHERE notice_id = $1',
      [old.id],
    );
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('publishes an Atom feed: well-formed, escaped, one entry per update, fixed words in ?lang', async () => {
    const tricky = await create(
      incident({
        title: { 'en-SE': 'Tags <b> & "quotes"', sv: 'Taggar <i> & "citat"' },
        message: { 'en-SE': '1 < 2 && "x" > \'y\'' },
      }),
    );
    const feed = await call('GET', '/api/status/feed.atom', null);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(feed.headers['cache-control']).toBe('public, max-age=15');
    expect(feed.body).not.toContain('<b>');
    const root = parseXml(feed.body);
    expect([root.name, root.uri]).toEqual(['feed', 'http://www.w3.org/2005/Atom']);
    expect(child(root, 'title')?.text).toBe('Service Hub status');
    const entry = entryOf(root, tricky.updates[0]!.id);
    expect(child(entry, 'title')?.text).toBe('Investigating: Tags <b> & "quotes"');
    expect(child(entry, 'content')?.text).toBe('1 < 2 && "x" > \'y\'');
    // One entry per update of every notice shown.
    const { notices } = await publicStatus();
    expect(entriesOf(root)).toHaveLength(notices.reduce((sum, n) => sum + n.updates.length, 0));

    const swedish = parseXml((await call('GET', '/api/status/feed.atom?lang=sv', null)).body);
    expect(swedish.attributes['xml:lang']).toBe('sv');
    const swedishEntry = entryOf(swedish, tricky.updates[0]!.id);
    expect(child(swedishEntry, 'title')?.text).toBe('Undersöks: Taggar <i> & "citat"');
    // No Swedish message was written: the English one stands in.
    expect(child(swedishEntry, 'content')?.text).toBe('1 < 2 && "x" > \'y\'');

    // The parser is strict: the same text unescaped would not pass.
    expect(() => parseXml('<feed><title>a & b</title></feed>')).toThrow();

    const badLanguage = await call('GET', '/api/status/feed.atom?lang=de', null);
    expect(badLanguage.statusCode).toBe(400);
    expect(ZApiError.parse(badLanguage.json()).errors?.[0]?.field).toBe('query.lang');
  });
});
