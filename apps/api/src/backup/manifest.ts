import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { BackupError } from './backup-error.ts';

/** The file a backup folder is described by; written last, so a folder without it is unfinished. */
export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_FORMAT = 'service-hub-backup';
export const MANIFEST_VERSION = 1;

const ZName = z.object({ schema: z.string().min(1), name: z.string().min(1) });

/**
 * A backup may come back from storage that others can write: nothing in its manifest may lead a
 * restore (run with rights to write files and SQL) out of its folders or into SQL of its own.
 * A path stays below its folder: relative, no `..`, no empty segment, no NUL or backslash.
 */
const ZRelativePath = z
  .string()
  .min(1)
  .refine(
    (path) =>
      !path.includes('\0') &&
      !path.includes('\\') &&
      path.split('/').every((s) => s !== '' && s !== '.' && s !== '..'),
    'must be a path inside the backup',
  );
/**
 * A partition bound of literals only, as pg_get_expr writes them: a range (the tracking tables), a
 * list (pg-boss's queues), or DEFAULT; never an expression.
 */
const LITERAL = "'(?:[^'\\\\;]|'')*'";
const PARTITION_BOUND = new RegExp(
  `^(DEFAULT|FOR VALUES FROM \\((?:${LITERAL}|MINVALUE)\\) TO \\((?:${LITERAL}|MAXVALUE)\\)|FOR VALUES IN \\(${LITERAL}(?:, ${LITERAL})*\\))$`,
);

const ZTableChecksum = ZName.extend({
  rows: z.number().int().min(0),
  /** Sum of a 64-bit hash of each row's text (catalog.ts tableChecksum), as a decimal. */
  checksum: z.string().regex(/^-?\d+$/),
});

const ZTableEntry = ZTableChecksum.extend({
  /** The table's rows as COPY text, gzip-compressed, relative to the backup folder (built-in method). */
  file: ZRelativePath.optional(),
  /** sha256 of that file as written. */
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  bytes: z.number().int().min(0).optional(),
});

const ZPartition = ZName.extend({
  parentSchema: z.string().min(1),
  parent: z.string().min(1),
  /** `FOR VALUES FROM (…) TO (…)` or `DEFAULT`, from pg_get_expr(relpartbound). */
  bound: z.string().regex(PARTITION_BOUND, 'must be a range of literals or DEFAULT'),
});

const ZSequence = ZName.extend({ lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() });

const ZQueue = z.object({
  name: z.string().min(1),
  policy: z.string().nullable(),
  retryLimit: z.number().int().nullable(),
  retryDelay: z.number().int().nullable(),
  retryBackoff: z.boolean().nullable(),
  expireInSeconds: z.number().int().nullable(),
  retentionMinutes: z.number().int().nullable(),
  deadLetter: z.string().nullable(),
});

const ZStoredFile = z.object({
  /** Relative to the store's folder, with `/` between folders. */
  path: ZRelativePath,
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

const ZStore = z.object({
  /** `reports` or `attachments`; its files sit under files/<name>/ in the backup folder. */
  name: z.enum(['reports', 'attachments']),
  kind: z.enum(['directory', 's3']),
  files: z.array(ZStoredFile),
});

export const ZManifest = z.object({
  format: z.literal(MANIFEST_FORMAT),
  version: z.literal(MANIFEST_VERSION),
  /** When the snapshot was taken (UTC): the moment the backed-up data is from. */
  createdAt: z.string(),
  /** `copy`: the built-in COPY of every table; `pg_dump`: a pg_dump directory archive in database/. */
  method: z.enum(['copy', 'pg_dump']),
  server: z.object({ version: z.string(), versionNum: z.number().int() }),
  /** drizzle's applied migrations, oldest first: the release the backup belongs to. */
  migrations: z.array(z.object({ hash: z.string(), createdAt: z.string() })),
  jobQueueSchemaVersion: z.number().int().nullable(),
  tables: z.array(ZTableEntry),
  partitions: z.array(ZPartition),
  sequences: z.array(ZSequence),
  queues: z.array(ZQueue),
  stores: z.array(ZStore),
  seconds: z.number().min(0),
});

export type Manifest = z.infer<typeof ZManifest>;
export type TableChecksum = z.infer<typeof ZTableChecksum>;
export type TableEntry = z.infer<typeof ZTableEntry>;
export type PartitionEntry = z.infer<typeof ZPartition>;
export type SequenceEntry = z.infer<typeof ZSequence>;
export type QueueEntry = z.infer<typeof ZQueue>;
export type StoredFile = z.infer<typeof ZStoredFile>;
export type StoreEntry = z.infer<typeof ZStore>;
export type Migration = Manifest['migrations'][number];

/** Reads and checks a backup folder's manifest; a clear error for a folder that holds none. */
export async function readManifest(dir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(join(dir, MANIFEST_FILE), 'utf8');
  } catch {
    throw new BackupError(
      `${dir} holds no ${MANIFEST_FILE}: it is not a finished Service Hub backup (a backup writes it last).`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError(`${join(dir, MANIFEST_FILE)} is not valid JSON: the backup is damaged.`);
  }
  const parsed = ZManifest.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') || 'the top level';
    throw new BackupError(
      `${join(dir, MANIFEST_FILE)} is not a Service Hub backup manifest of version ${MANIFEST_VERSION} (at ${where}).`,
    );
  }
  return parsed.data;
}

/**
 * Why the code cannot restore a backup of another release, or undefined when the migration lists
 * match. Tables are recreated by this release's migrations, so they must be the same ones.
 */
export function migrationMismatch(
  backup: readonly Migration[],
  code: readonly Migration[],
): string | undefined {
  const same = (a: Migration, b: Migration) => a.hash === b.hash && a.createdAt === b.createdAt;
  const common = backup.findIndex((m, i) => !code[i] || !same(m, code[i]));
  if (common === -1 && backup.length === code.length) return undefined;
  if (common === -1) {
    return (
      `the backup was made by an older release (${backup.length} migrations, this release has ${code.length}): ` +
      'restore it with the release that made it, then upgrade.'
    );
  }
  if (common >= code.length) {
    return (
      `the backup was made by a newer release (${backup.length} migrations, this release has ${code.length}): ` +
      'restore it with the release that made it.'
    );
  }
  return (
    `the backup's migration ${common + 1} differs from this release's (another branch or an edited migration): ` +
    'restore it with the release that made it.'
  );
}

/** Tables whose rows differ between the manifest and a restored database, as sentences. */
export function checksumDifferences(
  expected: readonly TableChecksum[],
  actual: readonly TableChecksum[],
): string[] {
  const key = (t: { schema: string; name: string }) => `${t.schema}.${t.name}`;
  const found = new Map(actual.map((t) => [key(t), t]));
  const differences: string[] = [];
  for (const table of expected) {
    const restored = found.get(key(table));
    if (!restored) differences.push(`${key(table)} is missing`);
    else if (restored.rows !== table.rows)
      differences.push(`${key(table)} has ${restored.rows} rows, the backup ${table.rows}`);
    else if (restored.checksum !== table.checksum)
      differences.push(`${key(table)} has ${table.rows} rows as in the backup, but other contents`);
  }
  const wanted = new Set(expected.map(key));
  for (const table of actual) {
    if (!wanted.has(key(table)) && table.rows > 0)
      differences.push(`${key(table)} is not in the backup but holds ${table.rows} rows`);
  }
  return differences;
}

/**
 * Queues in an order pg-boss can create them: a queue's dead-letter queue first (its row is
 * referenced). A cycle cannot exist (a dead-letter queue must exist when its user is created).
 */
export function queuesInCreationOrder(queues: readonly QueueEntry[]): QueueEntry[] {
  const byName = new Map(queues.map((q) => [q.name, q]));
  const ordered: QueueEntry[] = [];
  const placed = new Set<string>();
  const place = (queue: QueueEntry, path: string[]) => {
    if (placed.has(queue.name)) return;
    if (path.includes(queue.name)) throw new BackupError(`Queue ${queue.name} is its own dead-letter queue.`);
    const deadLetter = queue.deadLetter ? byName.get(queue.deadLetter) : undefined;
    if (deadLetter) place(deadLetter, [...path, queue.name]);
    placed.add(queue.name);
    ordered.push(queue);
  };
  for (const queue of queues) place(queue, []);
  return ordered;
}
