import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, PAGE_WALK, type DemoUser, type SeededIdName, type WalkRow } from './page-walk-table.ts';
import { DEMO_PASSWORD, signInAt, startHub, type Hub } from './support/hub.ts';
import { PageWalker, type PageRecord } from './support/page-walk.ts';

/**
 * [WALK] Every page of the route table (page-walk-table.ts) for each demo user, in both sign-in
 * flows, at a desktop and a phone width. A page fails on a console error, an API error answer it
 * does not expect, a raw translation key, sideways scrolling or an axe violation, and must settle
 * (heading shown, nothing loading), without a CSP violation and with a layout shift of at most
 * CLS_LIMIT (both also summarised per page at the end).
 */

/** A page fails on any CSP violation and on layout shift above CLS_LIMIT (issue 27). */
const FAIL_ON_LAYOUT_SHIFT_AND_CSP = true;
const CLS_LIMIT = 0.05;
/**
 * `PAGE_WALK_ONLY=/dashboard,/reports` walks only those rows of the table (to look at a page
 * closely); the suite walks them all.
 */
const ONLY = process.env.PAGE_WALK_ONLY?.split(',');
const walked = (row: WalkRow) => !ONLY || ONLY.includes(row.path);

const FLOWS = [
  { flow: 'single sign-on', env: { USE_AUTH_SERVICE: '0' } },
  { flow: 'own auth service', env: { USE_AUTH_SERVICE: '1' } },
] as const;
const WIDTHS = [1280, 375] as const;
const USERS = Object.keys(DEMO_USERS) as DemoUser[];

/** A user's view of the API (the JSON sign-in, which both flows offer), answers kept for reuse. */
async function apiAs(hub: Hub, email: string) {
  const signIn = await fetch(`${hub.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const { token } = (await signIn.json()) as { token: string };
  const answers = new Map<string, Promise<unknown>>();
  return <T>(path: string): Promise<T> => {
    if (!answers.has(path)) {
      answers.set(
        path,
        fetch(`${hub.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } }).then(async (r) => {
          if (!r.ok) throw new Error(`looking up walk ids as ${email}: ${r.status} for GET ${path}`);
          return r.json();
        }),
      );
    }
    return answers.get(path) as Promise<T>;
  };
}
type Api = Awaited<ReturnType<typeof apiAs>>;
type Paged<T> = { result: T[] };
type AccountUser = { id: string; email: string; manageable: boolean };

/** The first item of a seeded list, or a clear failure when the demo data has none. */
function first<T>(items: readonly T[], what: string): T {
  if (!items[0]) throw new Error(`the demo data holds no ${what} for the walk`);
  return items[0];
}

type SeededIds = Record<SeededIdName, () => Promise<string>>;

/** Each id a path may name, found the way the user would: in the first rows of their lists. */
function seededIds(api: Api, email: string, account: number): SeededIds {
  const firstRow = async <T>(list: string, what: string) =>
    first((await api<Paged<T>>(`${list}?activeAccountId=${account}&pageSize=10`)).result, what);
  type EdiItem = { documentId: string; messageId: string; consignmentId: string };
  const ediDocument = () => firstRow<EdiItem>('/api/tracking/ets/documents', 'EDI document');
  const ediMessage = () => firstRow<EdiItem>('/api/tracking/ets/messages', 'EDI message');
  // Someone else of the account, whose page the signed-in administrator may edit.
  const otherUser = async () => {
    const users = await api<AccountUser[]>(`/api/customers/${account}/users`);
    return first(
      users.filter((u) => u.manageable && u.email !== email),
      'other user of the account',
    ).id;
  };
  const service = async (shortName: string) => {
    const services = await api<{ id: number; shortName: string }[]>('/api/services');
    return String(
      first(
        services.filter((s) => s.shortName === shortName),
        `service ${shortName}`,
      ).id,
    );
  };
  return {
    fileId: async () => String((await firstRow<{ id: number }>('/api/tracking/stt/files', 'file')).id),
    documentId: async () =>
      String((await firstRow<{ id: number }>('/api/tracking/stt/documents', 'document')).id),
    consignmentId: async () =>
      (await firstRow<EdiItem>('/api/tracking/ets/consignments', 'EDI consignment')).consignmentId,
    ediDocumentId: async () => (await ediDocument()).documentId,
    ediDocumentConsignmentId: async () => (await ediDocument()).consignmentId,
    ediMessageId: async () => (await ediMessage()).messageId,
    ediMessageConsignmentId: async () => (await ediMessage()).consignmentId,
    caseId: async () => {
      const { cases } = await api<{ cases: { caseId: number }[] }>(
        `/api/support/cases?activeAccountId=${account}&pageSize=10`,
      );
      return String(first(cases, 'support case').caseId);
    },
    customerId: async () => String(account),
    customerUserId: otherUser,
    accountUserId: otherUser,
    userId: async () =>
      first(await api<{ id: string }[]>(`/api/v3/users/search?email=${DEMO_USERS.user}`), 'customer user').id,
    sttServiceId: () => service('STT'),
    serviceId: () => service('ETS'),
  };
}

/** The row's address with its `:name`s filled from the seeded data. */
async function addressOf(row: WalkRow, ids: SeededIds): Promise<string> {
  let address = row.path;
  for (const [placeholder, name] of row.path.matchAll(/:(\w+)/g)) {
    address = address.replace(placeholder, encodeURIComponent(await ids[name as SeededIdName]()));
  }
  return address;
}

type Recorded = PageRecord & { flow: string; user: DemoUser; path: string; width: number };
const recorded: Recorded[] = [];

/** One line per page: the worst CLS per width over users and flows, and how many CSP violations. */
function summary(records: readonly Recorded[]): string {
  const paths = [...new Set(records.map((r) => r.path))];
  const worst = (path: string, width: number) =>
    Math.max(0, ...records.filter((r) => r.path === path && r.width === width).map((r) => r.cls));
  const cspOf = (path: string) => [...new Set(records.filter((r) => r.path === path).flatMap((r) => r.csp))];
  const column = Math.max(...paths.map((p) => p.length), 4);
  const lines = paths.map(
    (path) =>
      `${path.padEnd(column)}  ${WIDTHS.map((w) => worst(path, w).toFixed(3).padStart(8)).join('')}  ${String(cspOf(path).length).padStart(3)}`,
  );
  const violations = records.flatMap((r) =>
    r.csp.map((v) => `${r.path} at ${r.width} px, ${r.user}, ${r.flow}: ${v}`),
  );
  return [
    `Page walk: CLS (worst of users and flows) and CSP violations; failing on them is ${FAIL_ON_LAYOUT_SHIFT_AND_CSP ? 'on' : 'off'}`,
    `${'page'.padEnd(column)}  ${WIDTHS.map((w) => `${w} px`.padStart(8)).join('')}  CSP`,
    ...lines,
    ...(violations.length > 0 ? ['CSP violations:', ...violations] : []),
  ].join('\n');
}

afterAll(() => {
  if (recorded.length > 0) console.log(summary(recorded));
});

describe.each(FLOWS)('[WALK] every page, $flow', ({ flow, env }) => {
  let hub: Hub;
  beforeAll(async () => {
    hub = await startHub(env);
  });
  afterAll(() => hub?.close());

  describe.each(USERS)('%s', (user) => {
    const email = DEMO_USERS[user];
    let walker: PageWalker;
    let ids: SeededIds;
    beforeAll(async () => {
      walker = await PageWalker.start(hub, WIDTHS[0]);
      await signInAt(walker.page, '/dashboard', email);
      const api = await apiAs(hub, email);
      const me = await api<{ customers: { id: number }[] }>('/api/v3/user');
      ids = seededIds(api, email, first(me.customers, 'account').id);
    });
    afterAll(() => walker?.close());

    for (const width of WIDTHS) {
      for (const row of PAGE_WALK.filter((r) => r.users.includes(user) && walked(r))) {
        it(`${row.path} at ${width} px`, async () => {
          await walker.setWidth(width);
          const { problems, record } = await walker.check(await addressOf(row, ids), row.expectStatuses);
          recorded.push({ ...record, flow, user, path: row.path, width });
          if (FAIL_ON_LAYOUT_SHIFT_AND_CSP) {
            if (record.cls > CLS_LIMIT) problems.push(`layout shift ${record.cls.toFixed(3)} > ${CLS_LIMIT}`);
            problems.push(...record.csp.map((v) => `CSP violation: ${v}`));
          }
          expect(problems, `${row.path} at ${width} px as ${email} (${flow})`).toEqual([]);
        });
      }
    }
  });
});
