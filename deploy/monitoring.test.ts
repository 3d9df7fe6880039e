import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Histogram } from 'prom-client';
import { parseDocument, stringify } from 'yaml';
import { metricsRegistry } from '../apps/api/src/telemetry/metrics.ts';
// Registered on import, like in the app (telemetry/database-telemetry.ts imports them).
import '../apps/api/src/telemetry/pool-metrics.ts';
import '../apps/api/src/telemetry/queue-metrics.ts';

/**
 * The Grafana dashboard and the Prometheus alert rules (deploy/grafana, deploy/prometheus): both
 * parse, have the shape their tools load, and query only metrics the API exposes, so that a
 * renamed metric cannot leave a panel blank or an alert silent. Every alert is explained in
 * docs/operations.md. Prometheus's own promtool (Debian's prometheus package, which .ci/run
 * installs) then checks the rules and the dashboard's queries; a machine without it skips that.
 */
const root = join(import.meta.dirname, '..');

/** Series names the app's registry exposes (a histogram as its _bucket, _sum and _count), and Prometheus's own `up`. */
function exposedSeries(): Set<string> {
  const names = new Set(['up']);
  // The registry's metric objects: prom-client types `type` as a number but writes a string.
  for (const metric of metricsRegistry.getMetricsAsArray()) {
    if (metric instanceof Histogram)
      for (const suffix of ['_bucket', '_sum', '_count']) names.add(metric.name + suffix);
    else names.add(metric.name);
  }
  return names;
}

const PROMQL_WORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'and',
  'or',
  'unless',
  'bool',
  'offset',
  'le',
  'inf',
  'nan',
]);

/** The metric names in a PromQL expression: identifiers outside label matchers, groupings, strings and functions. */
function metricNamesIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '')
    .replace(/\$\w+/g, '');
  return [...bare.matchAll(/([a-zA-Z_:][\w:]*)\s*(\()?/g)]
    .filter((match) => match[2] === undefined && !PROMQL_WORDS.has(match[1]!.toLowerCase()))
    .map((match) => match[1]!);
}

type Dashboard = {
  uid: string;
  title: string;
  schemaVersion: number;
  templating: { list: { name: string; type: string }[] };
  panels: {
    id: number;
    type: string;
    title: string;
    gridPos: { h: number; w: number; x: number; y: number };
    targets?: { refId: string; expr: string }[];
  }[];
};
type RuleFile = {
  groups: {
    name: string;
    rules: {
      alert: string;
      expr: string;
      for?: string;
      labels: { severity: string };
      annotations: { summary: string; description: string; runbook: string };
    }[];
  }[];
};

const dashboard = JSON.parse(
  readFileSync(join(root, 'deploy/grafana/service-hub-dashboard.json'), 'utf8'),
) as Dashboard;
const rulesDocument = parseDocument(readFileSync(join(root, 'deploy/prometheus/alerts.yml'), 'utf8'));
const rules = rulesDocument.toJS() as RuleFile;
const operations = readFileSync(join(root, 'docs/operations.md'), 'utf8');
/** Prometheus's own checker, when installed (Debian's prometheus package; PROMTOOL names another). */
const promtool = [process.env.PROMTOOL, '/usr/bin/promtool', '/usr/local/bin/promtool'].find(
  (path) => path !== undefined && existsSync(path),
);

describe('metricNamesIn', () => {
  it('finds the metrics of an expression, not its functions, labels or groupings', () => {
    expect(
      metricNamesIn(
        'histogram_quantile(0.95, sum by (le, route) (rate(http_server_request_duration_seconds_bucket{route!="/x",status_code=~"5.."}[$__rate_interval]))) / on (instance) up > 0',
      ),
    ).toEqual(['http_server_request_duration_seconds_bucket', 'up']);
  });
});

describe('deploy/grafana/service-hub-dashboard.json', () => {
  const targets = dashboard.panels.flatMap((panel) =>
    (panel.targets ?? []).map((target) => ({ panel, target })),
  );

  it('is a dashboard Grafana imports: uid, title, a Prometheus data source variable, unique panel ids on the grid', () => {
    expect(dashboard.uid).toBe('service-hub');
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    expect(dashboard.templating.list).toContainEqual(
      expect.objectContaining({ name: 'datasource', type: 'datasource' }),
    );
    const ids = dashboard.panels.map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of dashboard.panels) {
      expect(panel.gridPos.x + panel.gridPos.w, panel.title).toBeLessThanOrEqual(24);
      if (panel.type !== 'row') expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
    }
  });

  it('queries only metrics the API exposes, and shows each of the API’s own', () => {
    const exposed = exposedSeries();
    const used = new Set(targets.flatMap(({ target }) => metricNamesIn(target.expr)));
    expect([...used].filter((name) => !exposed.has(name))).toEqual([]);
    const own = metricsRegistry
      .getMetricsAsArray()
      .map((m) => m.name)
      .filter((name) => /^(hub_|http_server_)/.test(name));
    const shown = (name: string) => [...used].some((u) => u === name || u.startsWith(`${name}_`));
    expect(own.filter((name) => !shown(name))).toEqual([]);
  });
});

describe('deploy/prometheus/alerts.yml', () => {
  const all = rules.groups.flatMap((group) => group.rules);

  it('is a rule file Prometheus loads: groups of alerts with an expression, severity and annotations', () => {
    expect(rulesDocument.errors).toEqual([]);
    expect(rules.groups.length).toBeGreaterThan(0);
    for (const rule of all) {
      expect(rule.alert, JSON.stringify(rule)).toMatch(/^ServiceHub[A-Z]\w+$/);
      expect(rule.expr.trim().length, rule.alert).toBeGreaterThan(0);
      if (rule.for !== undefined) expect(rule.for, rule.alert).toMatch(/^\d+[smh]$/);
      expect(['critical', 'warning'], rule.alert).toContain(rule.labels.severity);
      expect(rule.annotations.summary, rule.alert).toBeTruthy();
      expect(rule.annotations.runbook, rule.alert).toBe(`docs/operations.md#${rule.alert.toLowerCase()}`);
    }
    expect(new Set(all.map((rule) => rule.alert)).size).toBe(all.length);
  });

  it('alerts only on metrics the API exposes', () => {
    const exposed = exposedSeries();
    const unknown = all.flatMap((rule) =>
      metricNamesIn(rule.expr)
        .filter((name) => !exposed.has(name))
        .map((name) => `${rule.alert}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });

  it.skipIf(promtool === undefined)('passes promtool, and so do the dashboard’s queries', () => {
    execFileSync(promtool!, ['check', 'rules', join(root, 'deploy/prometheus/alerts.yml')]);
    // promtool parses queries only in rule files: the dashboard's become recording rules.
    const folder = mkdtempSync(join(tmpdir(), 'hub-dashboard-rules-'));
    try {
      const queries = dashboard.panels.flatMap((panel) => panel.targets ?? []);
      const file = join(folder, 'dashboard.yml');
      writeFileSync(
        file,
        stringify({
          groups: [
            {
              name: 'dashboard',
              rules: queries.map((target, index) => ({
                record: `dashboard:query${index}`,
                expr: target.expr.replaceAll('$__rate_interval', '5m'),
              })),
            },
          ],
        }),
      );
      execFileSync(promtool!, ['check', 'rules', file]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('explains every alert in docs/operations.md: what it means and what to do', () => {
    for (const rule of all) expect(operations, rule.alert).toMatch(new RegExp(`^#### ${rule.alert}$`, 'm'));
  });
});
