import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsDir } from '../lib/paths.ts';
import {
  checkMigration,
  checkMigrationsFolder,
  formatFinding,
  GRANDFATHERED_MIGRATIONS,
  splitStatements,
} from './migration-rules.ts';

const LOCK = `SET LOCAL lock_timeout = '1s';--> statement-breakpoint\n`;
const EARLIER = ['0020_search-name-prefix', '0021_reports-new-name'];

/** The rules one migration breaks, in the order found, without repeats. */
function brokenRules(sql: string): string[] {
  return [...new Set(checkMigration('0022_example.sql', sql, EARLIER).map((f) => f.rule))];
}

describe('migration rules', () => {
  it('every migration in apps/api/drizzle follows them or is grandfathered', () => {
    const findings = checkMigrationsFolder(migrationsDir);
    expect(findings.map(formatFinding).join('\n\n')).toBe('');
  });

  it('grandfathers only migrations of the journal, each with a reason', () => {
    const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    const tags = journal.entries.map((entry) => entry.tag);
    for (const [tag, reason] of Object.entries(GRANDFATHERED_MIGRATIONS)) {
      expect(tags).toContain(tag);
      expect(reason.length).toBeGreaterThan(10);
    }
  });

  it('splits a file where drizzle does and keeps each statement’s lines', () => {
    const statements = splitStatements(
      `${LOCK}-- why\nALTER TABLE a\n  ADD COLUMN b text;--> statement-breakpoint\nSELECT 1;`,
    );
    expect(statements.map((s) => [s.firstLine, s.text])).toEqual([
      [0, "SET LOCAL lock_timeout = '1s';"],
      [0, 'ALTER TABLE a\n  ADD COLUMN b text;'],
      [3, 'SELECT 1;'],
    ]);
    expect(statements[1]!.comments).toEqual(['-- why']);
  });

  describe('accepts', () => {
    it.each([
      [
        'a new table with a key to an existing one and its own index (what drizzle-kit writes)',
        `CREATE TABLE "status_incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "status_incidents" ADD CONSTRAINT "status_incidents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "status_incidents_created_at_idx" ON "status_incidents" USING btree ("created_at");`,
      ],
      ['a nullable column', 'ALTER TABLE "users" ADD COLUMN "nickname" text;'],
      [
        'a row written with ON CONFLICT DO UPDATE (not a backfill)',
        `INSERT INTO "rate_limits" ("key", "count", "expires_at") VALUES ('probe', 0, now()) ON CONFLICT ("key") DO UPDATE SET "count" = 0;`,
      ],
      [
        'a NOT NULL column with a constant default',
        `ALTER TABLE "users" ADD COLUMN "theme" text DEFAULT 'light' NOT NULL;`,
      ],
      [
        'a column defaulting to now() (stable: no rewrite)',
        'ALTER TABLE "users" ADD COLUMN "seen_at" timestamptz DEFAULT now();',
      ],
      [
        'a check added NOT VALID',
        'ALTER TABLE "users" ADD CONSTRAINT "users_theme_check" CHECK (theme IS NOT NULL) NOT VALID;',
      ],
      [
        'a foreign key added NOT VALID',
        'ALTER TABLE "reports" ADD CONSTRAINT "reports_owner_fk" FOREIGN KEY ("owner") REFERENCES "users"("id") NOT VALID;',
      ],
      [
        'a partitioned parent’s index ON ONLY (no rows built)',
        'CREATE INDEX IF NOT EXISTS "t_idx" ON ONLY "tracking_documents" ("customer_id", "name");',
      ],
      [
        'a drop marked as the contract step of an earlier migration',
        `-- contract step of 0021_reports-new-name: the release with 0021 reads and writes only "title"
-- squawk-ignore ban-drop-column
ALTER TABLE "reports" DROP COLUMN "name";`,
      ],
      [
        'a lock_timeout below the bound',
        `SELECT 1;`,
        `SET LOCAL lock_timeout = '500ms';--> statement-breakpoint\n`,
      ],
    ])('%s', (_name, sql, prefix = LOCK) => {
      expect(checkMigration('0022_example.sql', prefix + sql, EARLIER).map(formatFinding)).toEqual([]);
    });
  });

  describe('refuses', () => {
    it.each([
      [
        'no lock_timeout at the start',
        'ALTER TABLE "users" ADD COLUMN "nickname" text;',
        '',
        'lock-timeout-first',
      ],
      [
        'a session-wide SET (not LOCAL)',
        'SELECT 1;',
        `SET lock_timeout = '1s';--> statement-breakpoint\n`,
        'lock-timeout-first',
      ],
      [
        'a lock_timeout of 0 (wait forever)',
        'SELECT 1;',
        `SET LOCAL lock_timeout = 0;--> statement-breakpoint\n`,
        'lock-timeout-first',
      ],
      [
        'a lock_timeout past a second',
        'SELECT 1;',
        `SET LOCAL lock_timeout = '5s';--> statement-breakpoint\n`,
        'lock-timeout-first',
      ],
      [
        'CREATE INDEX on an existing table',
        'CREATE INDEX "users_name_idx" ON "users" ("name");',
        LOCK,
        'require-concurrent-index-creation',
      ],
      [
        'CREATE INDEX CONCURRENTLY inside drizzle’s transaction',
        'CREATE INDEX CONCURRENTLY "users_name_idx" ON "users" ("name");',
        LOCK,
        'ban-concurrent-index-creation-in-transaction',
      ],
      [
        'ADD COLUMN NOT NULL without a default',
        'ALTER TABLE "users" ADD COLUMN "theme" text NOT NULL;',
        LOCK,
        'adding-required-field',
      ],
      [
        'a volatile default',
        'ALTER TABLE "users" ADD COLUMN "token" uuid DEFAULT gen_random_uuid();',
        LOCK,
        'adding-field-with-default',
      ],
      [
        'ALTER COLUMN … TYPE',
        'ALTER TABLE "users" ALTER COLUMN "name" TYPE varchar(50);',
        LOCK,
        'changing-column-type',
      ],
      [
        'SET NOT NULL without a validated check',
        'ALTER TABLE "users" ALTER COLUMN "name" SET NOT NULL;',
        LOCK,
        'adding-not-nullable-field',
      ],
      [
        'a foreign key on an existing table without NOT VALID',
        'ALTER TABLE "reports" ADD CONSTRAINT "reports_owner_fk" FOREIGN KEY ("owner") REFERENCES "users"("id");',
        LOCK,
        'adding-foreign-key-constraint',
      ],
      [
        'a check on an existing table without NOT VALID',
        'ALTER TABLE "users" ADD CONSTRAINT "users_name_check" CHECK (length(name) < 100);',
        LOCK,
        'constraint-missing-not-valid',
      ],
      [
        'NOT VALID and VALIDATE in one transaction',
        'ALTER TABLE "users" ADD CONSTRAINT "c" CHECK (name IS NOT NULL) NOT VALID;--> statement-breakpoint\nALTER TABLE "users" VALIDATE CONSTRAINT "c";',
        LOCK,
        'constraint-missing-not-valid',
      ],
      ['a renamed column', 'ALTER TABLE "reports" RENAME COLUMN "name" TO "title";', LOCK, 'renaming-column'],
      ['a renamed table', 'ALTER TABLE "reports" RENAME TO "exports";', LOCK, 'renaming-table'],
      [
        'a dropped column without a contract step',
        'ALTER TABLE "reports" DROP COLUMN "name";',
        LOCK,
        'ban-drop-column',
      ],
      ['a dropped table without a contract step', 'DROP TABLE "reports";', LOCK, 'ban-drop-table'],
      [
        'a drop silenced without naming its expand step',
        '-- squawk-ignore ban-drop-column\nALTER TABLE "reports" DROP COLUMN "name";',
        LOCK,
        'squawk-ignore-without-contract-step',
      ],
      [
        'a contract step naming a migration that is not earlier',
        '-- contract step of 0023_later: nothing reads it\n-- squawk-ignore ban-drop-column\nALTER TABLE "reports" DROP COLUMN "name";',
        LOCK,
        'squawk-ignore-without-contract-step',
      ],
      [
        'a contract step silencing more than a drop',
        '-- contract step of 0021_reports-new-name: nothing reads it\n-- squawk-ignore changing-column-type\nALTER TABLE "reports" ALTER COLUMN "id" TYPE bigint;',
        LOCK,
        'squawk-ignore-without-contract-step',
      ],
      [
        'a whole file silenced',
        '-- squawk-ignore-file\nSELECT 1;',
        LOCK,
        'squawk-ignore-without-contract-step',
      ],
      [
        'a backfill inside the migration',
        `UPDATE "users" SET "theme" = 'light' WHERE "theme" IS NULL;`,
        LOCK,
        'backfill-in-migration',
      ],
      [
        'a delete after a WITH clause',
        `WITH old AS (SELECT id FROM "sessions" WHERE "expires_at" < now()) DELETE FROM "sessions" WHERE id IN (SELECT id FROM old);`,
        LOCK,
        'backfill-in-migration',
      ],
    ])('%s', (_name, sql, prefix, rule) => {
      expect(brokenRules(prefix + sql)).toContain(rule);
    });
  });

  it('names the file, the line, the statement and the safe recipe', () => {
    const [finding] = checkMigration(
      '0022_example.sql',
      `${LOCK}-- the list's new sort\nCREATE INDEX "users_name_idx"\n  ON "users" ("name");`,
      EARLIER,
    );
    expect(finding).toMatchObject({
      file: '0022_example.sql',
      line: 3,
      rule: 'require-concurrent-index-creation',
    });
    const text = formatFinding(finding!);
    expect(text).toContain('0022_example.sql:3 [require-concurrent-index-creation]');
    expect(text).toContain('statement: CREATE INDEX "users_name_idx" ON "users" ("name");');
    expect(text).toContain('safe recipe: an index on an existing table blocks its writes while it builds');
  });
});
