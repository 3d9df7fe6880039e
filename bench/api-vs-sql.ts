/**
 * One endpoint through the API next to the bare SQL it runs, in the same run: the shared core of
 * the track-and-trace and EDI tracking benchmarks (and the list ratio's statement recorder).
 */
import type pg from 'pg';

export type Statement = { sql: string; params: unknown[] };

export type Scenario<Group extends string = string> = {
  group: Group;
  name: string;
  /** Target p95 in ms (from the issue), if it has one. */
  target?: number;
  /** The request path of variant i (a few variants, so no single cached row makes it look fast). */
  path: (variant: number) => string;
  variants: number;
};

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const ms = (value: number) => value.toFixed(1);

/** Records the statements a request runs (without the access check's own query). */
export function recorder(pool: pg.Pool) {
  const original = pool.query.bind(pool) as (sql: string, params?: unknown[]) => Promise<pg.QueryResult>;
  let recording: Statement[] | undefined;
  (pool as unknown as { query: typeof original }).query = (sql: string, params?: unknown[]) => {
    if (recording && typeof sql === 'string' && !sql.includes('user_customers')) {
      recording.push({ sql, params: params ?? [] });
    }
    return original(sql, params);
  };
  return {
    original,
    async record(work: () => Promise<unknown>): Promise<Statement[]> {
      recording = [];
      await work();
      const statements = recording;
      recording = undefined;
      return statements;
    },
  };
}

export const SCENARIO_TABLE_HEADER = [
  '| group | scenario | rows (API count) | API p50 ms | API p95 ms | SQL p50 ms | SQL p95 ms | target p95 | met |',
  '|---|---|---:|---:|---:|---:|---:|---:|:-:|',
];

/**
 * Runs a scenario: records the statements of each variant's request, then alternates the request
 * and its bare statements (in parallel where the handler runs them so). Answers the table row and
 * the query plans of the first variant.
 */
export async function measureScenario(
  scenario: Scenario,
  options: {
    rec: ReturnType<typeof recorder>;
    request: (path: string) => Promise<string>;
    warmUp: number;
    requests: number;
  },
): Promise<{ row: string; plans: string[]; apiP95: number; sqlP95: number; met: boolean | undefined }> {
  const { rec, request, warmUp, requests } = options;
  const variants = Array.from({ length: scenario.variants }, (_, i) => scenario.path(i));
  const statements: Statement[][] = [];
  let count = '';
  for (const path of variants) {
    let body = '';
    statements.push(await rec.record(async () => (body = await request(path))));
    if (!count) {
      const parsed = JSON.parse(body) as { totalCount?: number; totalCountExact?: boolean };
      count =
        parsed.totalCount === undefined
          ? '–'
          : `${parsed.totalCount.toLocaleString('en')}${parsed.totalCountExact ? '' : '+'}`;
    }
  }
  const api: number[] = [];
  const sql: number[] = [];
  for (let i = 0; i < warmUp + requests; i++) {
    const variant = i % variants.length;
    let started = performance.now();
    await request(variants[variant]!);
    if (i >= warmUp) api.push(performance.now() - started);
    started = performance.now();
    await Promise.all(statements[variant]!.map((s) => rec.original(s.sql, s.params)));
    if (i >= warmUp) sql.push(performance.now() - started);
  }
  const p95 = percentile(api, 95);
  const met = scenario.target === undefined ? '' : p95 <= scenario.target ? 'yes' : '**no**';
  const row = `| ${scenario.group} | ${scenario.name} | ${count} | ${ms(percentile(api, 50))} | ${ms(p95)} | ${ms(percentile(sql, 50))} | ${ms(percentile(sql, 95))} | ${scenario.target ?? ''} | ${met} |`;
  const plans = [`### ${scenario.group}: ${scenario.name}`, ''];
  for (const statement of statements[0]!) {
    const { rows } = await rec.original(
      `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${statement.sql}`,
      statement.params,
    );
    plans.push('```', ...rows.map((r) => String(r['QUERY PLAN'])), '```', '');
  }
  return {
    row,
    plans,
    apiP95: p95,
    sqlP95: percentile(sql, 95),
    met: scenario.target === undefined ? undefined : p95 <= scenario.target,
  };
}
