import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, PAGE_WALK, type DemoUser, type WalkRow } from './page-walk-table.ts';
import { signInAt, startHub, type Hub } from './support/hub.ts';
import { PageWalker, type PageRecord } from './support/page-walk.ts';
import { addressOf, apiAs, first, seededIds, type SeededIds } from './support/walk-ids.ts';

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
