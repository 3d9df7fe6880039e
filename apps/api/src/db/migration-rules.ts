/**
 * The rules a migration must follow so that the previous release keeps working while it runs and
 * afterwards (rolling upgrades, docs/operations.md "Rolling upgrades"). `migration-rules.test.ts`
 * applies them to every file in apps/api/drizzle in `npm test`.
 *
 * The SQL itself is read by squawk (`squawk-cli` on npm: a PostgreSQL migration linter built on
 * PostgreSQL's own grammar, shipped as a prebuilt binary per platform, nothing fetched on install):
 * it knows which statements take which locks, which rewrite or scan a table, and which tables a
 * file creates itself. This module adds what is ours: drizzle runs every pending file in ONE
 * transaction (`--assume-in-transaction`), each file must start by bounding its lock waits, files
 * applied in the field before these rules are grandfathered with a reason, a drop is allowed only
 * as the contract step of an earlier expand, and each refusal says what to do instead.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { MIGRATION_LOCK_TIMEOUT } from './migrate.ts';

export type MigrationFinding = {
  /** The migration's file name, e.g. `0021_status-page.sql`. */
  file: string;
  /** 1-based line where the offending statement or clause starts. */
  line: number;
  rule: string;
  problem: string;
  /** The statement as written (comments and breakpoints left out). */
  statement: string;
  recipe: string;
};

/**
 * Applied in the field before these rules existed: their content must not change (drizzle
 * records each file's hash, and a changed file would never run again where it already ran),
 * so they are exempt. Never add a new migration here; fix the migration instead.
 */
export const GRANDFATHERED_MIGRATIONS: Readonly<Record<string, string>> = {
  '0000_init': 'creates the schema on an empty database',
  '0001_auth': 'released before the rules: sign-in tables and their keys, no lock_timeout',
  '0002_totp-last-step': 'released before the rules: one nullable column, no lock_timeout',
  '0003_session-replay': 'released before the rules: a plain index on oidc_payloads',
  '0004_user-identities': 'released before the rules: rewrites users’ e-mail spelling in place (UPDATE)',
  '0005_principal-changes': 'released before the rules: triggers on the user tables, no lock_timeout',
  '0006_reports-custom': 'released before the rules: rewrites report statuses in place (UPDATE)',
  '0007_reports':
    'released before the rules: checks added with a scan, reports.content dropped in the release that stopped reading it',
  '0008_administration': 'released before the rules: plain indexes and a check with a scan',
  '0009_edi-connect-custom':
    'released before the rules: rewrites order statuses in place, a check with a scan',
  '0010_support':
    'released before the rules: checks with a scan and plain indexes on support and EDI connect tables',
  '0011_tracking': 'released before the rules: tracking tables, plain index builds and drops',
  '0012_tracking-custom': 'released before the rules: plain indexes on the tracking tables',
  '0013_edi-tracking': 'released before the rules: SET NOT NULL and checks with a scan on EDI tables',
  '0014_edi-tracking-custom': 'released before the rules: plain indexes on the EDI tables',
  '0015_rate-limits': 'released before the rules: a new table, no lock_timeout',
  '0016_account-cache-notifications': 'released before the rules: triggers, no lock_timeout',
  '0017_tracking-partitions':
    'rewrites the tracking tables into partitions: a maintenance window (docs/deployment.md)',
  '0018_tracking-document-counts':
    'counts documents once under a write lock, 2.5 s per million documents (docs/deployment.md)',
  '0019_search-and-case-items':
    'released before the rules: new tables with keys to existing ones, no lock_timeout',
  '0020_search-name-prefix':
    'plain CREATE INDEX on tracking_documents blocks its writes while it builds; big installations build them beforehand (docs/deployment.md)',
};

/**
 * squawk rules left out, each for a reason. Everything else squawk checks by default applies.
 */
export const EXCLUDED_SQUAWK_RULES: Readonly<Record<string, string>> = {
  'require-statement-timeout':
    'migrations lift the statement limit on purpose (migrate.ts); what blocks traffic is a lock wait, bounded by lock_timeout',
  'prefer-bigint-over-int': 'a style rule; the schema uses integer ids for small tables (customers, markets)',
  'prefer-text-field': 'a style rule; varchar(n) carries the spec’s length limits',
};

/** squawk rules a `-- squawk-ignore` may silence: a drop, once no release reads the thing. */
const CONTRACT_STEP_RULES = new Set(['ban-drop-column', 'ban-drop-table']);

const SEE_DOCS = 'docs/operations.md, "Rolling upgrades"';

const RECIPES: Readonly<Record<string, string>> = {
  'lock-timeout-first': `begin the file with \`SET LOCAL lock_timeout = '${MIGRATION_LOCK_TIMEOUT}';--> statement-breakpoint\` (LOCAL: it ends with drizzle's transaction; a timeout rolls the batch back and migrate.ts tries again)`,
  'require-lock-timeout': `begin the file with \`SET LOCAL lock_timeout = '${MIGRATION_LOCK_TIMEOUT}';--> statement-breakpoint\``,
  'require-concurrent-index-creation': `an index on an existing table blocks its writes while it builds, and CREATE INDEX CONCURRENTLY cannot run in drizzle's transaction: delete this statement from the migration (keep the index in the Drizzle schema) and list the index in CONCURRENT_INDEXES (apps/api/src/db/concurrent-indexes.ts), which the migration runner builds concurrently after the migrations commit, partitions one by one; nothing may depend on it for correctness before it is there (${SEE_DOCS})`,
  'ban-concurrent-index-creation-in-transaction': `drizzle runs every migration in one transaction, where CONCURRENTLY fails: list the index in CONCURRENT_INDEXES (apps/api/src/db/concurrent-indexes.ts) instead (${SEE_DOCS})`,
  'adding-required-field': `expand/contract: add the column nullable (or with a constant DEFAULT), let the new release write it, backfill old rows in a job in small batches, then in a later release add CHECK (col IS NOT NULL) NOT VALID, VALIDATE it in the release after, and SET NOT NULL (${SEE_DOCS})`,
  'adding-not-nullable-field': `add CHECK (col IS NOT NULL) NOT VALID in one release, VALIDATE CONSTRAINT in a later one (it scans without blocking writes), then SET NOT NULL, which uses the validated check instead of scanning, and drop the check (${SEE_DOCS})`,
  'adding-field-with-default': `a volatile DEFAULT (random(), gen_random_uuid(), clock_timestamp()) rewrites the table under an exclusive lock: add the column without it or with a constant, set the default for new rows afterwards, backfill old rows in a job in small batches (${SEE_DOCS})`,
  'changing-column-type': `expand/contract: add a new column of the new type, write both from the new release, backfill in a job in small batches, switch reads in a later release, drop the old column in the release after (${SEE_DOCS})`,
  'constraint-missing-not-valid': `add the constraint NOT VALID (only new rows are checked, no scan), then VALIDATE CONSTRAINT in a later release: in the same transaction the validation would run under the ADD's lock (${SEE_DOCS})`,
  'adding-foreign-key-constraint': `add the foreign key NOT VALID, then VALIDATE CONSTRAINT in a later release (${SEE_DOCS})`,
  'renaming-column': `the previous release still reads the old name: add the new column, write both, backfill, switch reads, and drop the old column as a contract step of a later release (${SEE_DOCS})`,
  'renaming-table': `the previous release still reads the old name: create the new table (or a view under the new name), switch the code, and drop the old one as a contract step of a later release (${SEE_DOCS})`,
  'ban-drop-column': `drop only what no running release reads: stop reading and writing it in one release, drop it in a later one and mark that statement \`-- contract step of <the expand migration's tag>: <why nothing reads it>\` with \`-- squawk-ignore ban-drop-column\` (${SEE_DOCS})`,
  'ban-drop-table': `drop only what no running release reads: stop using it in one release, drop it in a later one and mark that statement \`-- contract step of <the expand migration's tag>: <why nothing reads it>\` with \`-- squawk-ignore ban-drop-table\` (${SEE_DOCS})`,
  'backfill-in-migration': `a backfill in the migration holds its locks until every pending migration commits: add the column in the migration, fill old rows in a job in small batches with a pause between them (${SEE_DOCS})`,
  'squawk-ignore-without-contract-step': `only drops may be silenced, and only as a contract step: \`-- contract step of <an earlier migration's tag>: <why nothing reads it>\` above \`-- squawk-ignore ban-drop-column\` (or ban-drop-table); otherwise follow the rule's recipe`,
};

const squawkBin = createRequire(import.meta.url).resolve('squawk-cli/js/bin/squawk');

type SquawkViolation = { line: number; rule_name: string; message: string; help: string | null };

/** squawk over one file's SQL (on stdin), with the transaction drizzle puts it in. */
function runSquawk(file: string, sql: string): SquawkViolation[] {
  const result = spawnSync(
    process.execPath,
    [
      squawkBin,
      '--reporter=json',
      '--assume-in-transaction',
      // The oldest PostgreSQL the deployment guide allows: its locking rules are the strictest.
      '--pg-version=16.0',
      `--exclude=${Object.keys(EXCLUDED_SQUAWK_RULES).join(',')}`,
      `--stdin-filepath=${file}`,
    ],
    { input: sql, encoding: 'utf8' },
  );
  if (result.error) throw result.error;
  // squawk answers a JSON array on stdout, empty with exit 0 or with its findings and exit 1.
  // Anything else (exit 1 and a message: its platform's binary is not installed) must never pass
  // for a clean file.
  const output = result.stdout.trim();
  if ((result.status !== 0 && result.status !== 1) || !output.startsWith('['))
    throw new Error(`squawk could not check ${file}: ${result.stderr || result.stdout}`);
  return JSON.parse(output) as SquawkViolation[];
}

type Statement = { firstLine: number; lastLine: number; text: string; comments: string[] };

/** Splits a file as drizzle does (on `--> statement-breakpoint`), keeping each part's lines. */
export function splitStatements(sql: string): Statement[] {
  const statements: Statement[] = [];
  let line = 0;
  for (const part of sql.split('--> statement-breakpoint')) {
    const lines = part.split('\n');
    const comments = lines.filter((l) => l.trim().startsWith('--')).map((l) => l.trim());
    const text = lines
      .filter((l) => !l.trim().startsWith('--'))
      .join('\n')
      .trim();
    if (text) statements.push({ firstLine: line, lastLine: line + lines.length - 1, text, comments });
    line += lines.length - 1;
  }
  return statements;
}

const LOCK_TIMEOUT_SET = /^SET\s+LOCAL\s+lock_timeout\s*(?:=|TO)\s*'?\s*(\d+)\s*(ms|s)?\s*'?\s*;?$/i;

function timeoutMs(value: string): number {
  const match = /^(\d+)\s*(ms|s)?$/.exec(value);
  if (!match) throw new Error(`unreadable timeout ${value}`);
  return Number(match[1]) * (match[2] === 's' ? 1000 : 1);
}

/**
 * Checks one migration. `earlierTags` are the journal's tags before this one: a contract step
 * names the expand migration it completes.
 */
export function checkMigration(
  file: string,
  sql: string,
  earlierTags: readonly string[],
): MigrationFinding[] {
  const statements = splitStatements(sql);
  const findings: MigrationFinding[] = [];
  const report = (statement: Statement | undefined, line: number, rule: string, problem: string) =>
    findings.push({
      file,
      line: line + 1,
      rule,
      problem,
      statement: statement?.text ?? '',
      recipe: RECIPES[rule] ?? `see https://squawkhq.com/docs/${rule}`,
    });
  const statementAt = (line: number) => statements.find((s) => line >= s.firstLine && line <= s.lastLine);

  const first = statements[0];
  const lockTimeout = first ? LOCK_TIMEOUT_SET.exec(first.text) : null;
  if (!first || !lockTimeout) {
    report(
      first,
      first?.firstLine ?? 0,
      'lock-timeout-first',
      'the file does not start with SET LOCAL lock_timeout',
    );
  } else {
    const ms = timeoutMs(`${lockTimeout[1]}${lockTimeout[2] ?? ''}`);
    // 0 would mean "wait forever".
    if (ms === 0 || ms > timeoutMs(MIGRATION_LOCK_TIMEOUT))
      report(
        first,
        first.firstLine,
        'lock-timeout-first',
        `lock_timeout must be between 1 ms and ${MIGRATION_LOCK_TIMEOUT}`,
      );
  }

  for (const statement of statements) {
    // UPDATE or DELETE, also after a WITH clause (not an INSERT's ON CONFLICT DO UPDATE).
    if (/^(?:WITH\b[\s\S]*?\)\s*)?(?:UPDATE|DELETE)\b/i.test(statement.text))
      report(
        statement,
        statement.firstLine,
        'backfill-in-migration',
        'rows of an existing table are changed inside the migration',
      );
    for (const comment of statement.comments) {
      const ignored = /^--\s*squawk-ignore(-file)?\s*(.*)$/i.exec(comment);
      if (!ignored) continue;
      const rules = ignored[2]!.split(',').map((r) => r.trim());
      const contract = statement.comments
        .map((c) => /^--\s*contract step of\s+(\S+?):\s*\S/i.exec(c)?.[1])
        .find((tag) => tag !== undefined);
      const isContractStep =
        !ignored[1] &&
        rules.length > 0 &&
        rules.every((r) => CONTRACT_STEP_RULES.has(r)) &&
        contract !== undefined &&
        earlierTags.includes(contract);
      if (!isContractStep)
        report(
          statement,
          statement.firstLine,
          'squawk-ignore-without-contract-step',
          `"${comment}" silences a rule without naming an earlier migration as its expand step`,
        );
    }
  }

  for (const violation of runSquawk(file, sql)) {
    const statement = statementAt(violation.line);
    // An index on a partitioned table's parent alone is a catalog entry, built on no rows.
    if (
      violation.rule_name === 'require-concurrent-index-creation' &&
      statement &&
      /\bON\s+ONLY\b/i.test(statement.text)
    )
      continue;
    report(statement, violation.line, violation.rule_name, violation.message);
  }
  return findings;
}

type Journal = { entries: { idx: number; tag: string }[] };

/** Checks every migration of a drizzle folder that is not grandfathered. */
export function checkMigrationsFolder(folder: string): MigrationFinding[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
  const tags = journal.entries.map((entry) => entry.tag);
  return tags.flatMap((tag, index) =>
    tag in GRANDFATHERED_MIGRATIONS
      ? []
      : checkMigration(`${tag}.sql`, readFileSync(join(folder, `${tag}.sql`), 'utf8'), tags.slice(0, index)),
  );
}

/** One refusal as the test prints it: where, what, and what to do instead. */
export function formatFinding(finding: MigrationFinding): string {
  const statement = finding.statement.replace(/\s+/g, ' ');
  return [
    `${finding.file}:${finding.line} [${finding.rule}] ${finding.problem}`,
    `  statement: ${statement.length > 300 ? `${statement.slice(0, 300)}…` : statement}`,
    `  safe recipe: ${finding.recipe}`,
  ].join('\n');
}
