import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupError } from './backup-error.ts';
import {
  checksumDifferences,
  MANIFEST_FILE,
  migrationMismatch,
  queuesInCreationOrder,
  readManifest,
  ZManifest,
  type QueueEntry,
} from './manifest.ts';

const m = (n: number) => ({ hash: `hash-${n}`, createdAt: String(1_700_000_000_000 + n) });

describe('migrationMismatch', () => {
  it('accepts the same migrations', () => {
    expect(migrationMismatch([m(1), m(2)], [m(1), m(2)])).toBeUndefined();
  });

  it('refuses a backup of an older release, saying to restore with it and then upgrade', () => {
    expect(migrationMismatch([m(1)], [m(1), m(2)])).toMatch(
      /older release \(1 migrations, this release has 2\).*then upgrade/,
    );
  });

  it('refuses a backup of a newer release', () => {
    expect(migrationMismatch([m(1), m(2), m(3)], [m(1), m(2)])).toMatch(/newer release/);
  });

  it('refuses a backup whose migration differs at the same place (an edited migration)', () => {
    expect(migrationMismatch([m(1), { ...m(2), hash: 'edited' }], [m(1), m(2)])).toMatch(
      /migration 2 differs/,
    );
  });
});

describe('checksumDifferences', () => {
  const t = (name: string, rows: number, checksum: string) => ({ schema: 'public', name, rows, checksum });

  it('finds nothing when every table has the same count and checksum', () => {
    expect(checksumDifferences([t('a', 2, '10'), t('b', 0, '0')], [t('b', 0, '0'), t('a', 2, '10')])).toEqual(
      [],
    );
  });

  it('names a missing table, another count and other contents with the same count', () => {
    expect(
      checksumDifferences(
        [t('a', 2, '10'), t('b', 3, '7'), t('c', 1, '5')],
        [t('b', 2, '7'), t('c', 1, '6')],
      ),
    ).toEqual([
      'public.a is missing',
      'public.b has 2 rows, the backup 3',
      'public.c has 1 rows as in the backup, but other contents',
    ]);
  });

  it('names a table that is not in the backup only when it holds rows', () => {
    expect(
      checksumDifferences([t('a', 1, '1')], [t('a', 1, '1'), t('empty', 0, '0'), t('extra', 4, '9')]),
    ).toEqual(['public.extra is not in the backup but holds 4 rows']);
  });
});

describe('queuesInCreationOrder', () => {
  const q = (name: string, deadLetter: string | null = null): QueueEntry => ({
    name,
    deadLetter,
    policy: 'standard',
    retryLimit: null,
    retryDelay: null,
    retryBackoff: null,
    expireInSeconds: null,
    retentionMinutes: null,
  });

  it('creates each dead-letter queue before the queues that use it', () => {
    const order = queuesInCreationOrder([q('a', 'b'), q('b', 'c'), q('c'), q('d')]).map((x) => x.name);
    expect(order).toEqual(['c', 'b', 'a', 'd']);
  });

  it('refuses a cycle of dead-letter queues', () => {
    expect(() => queuesInCreationOrder([q('a', 'b'), q('b', 'a')])).toThrow(BackupError);
  });
});

describe('readManifest', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hub-manifest-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('says a folder without a manifest is not a finished backup', async () => {
    await expect(readManifest(dir)).rejects.toThrow(
      /holds no manifest.json: it is not a finished Service Hub backup/,
    );
  });

  it('says a manifest that is not JSON is damaged', async () => {
    await writeFile(join(dir, MANIFEST_FILE), '{"format": ');
    await expect(readManifest(dir)).rejects.toThrow(/is not valid JSON: the backup is damaged/);
  });

  it('names the first wrong field of a manifest of another shape', async () => {
    await writeFile(join(dir, MANIFEST_FILE), JSON.stringify({ format: 'service-hub-backup', version: 2 }));
    await expect(readManifest(dir)).rejects.toThrow(
      /not a Service Hub backup manifest of version 1 \(at version\)/,
    );
  });
});

describe('a manifest from storage others may write', () => {
  const manifest = (change: { file?: string; path?: string; bound?: string }) => ({
    format: 'service-hub-backup',
    version: 1,
    createdAt: '2026-11-26T10:00:00Z',
    method: 'copy',
    server: { version: '17.6', versionNum: 170006 },
    migrations: [m(1)],
    jobQueueSchemaVersion: null,
    tables: [
      {
        schema: 'public',
        name: 'users',
        rows: 1,
        checksum: '7',
        file: change.file ?? 'data/public.users.gz',
      },
    ],
    partitions: [
      {
        schema: 'public',
        name: 'tracking_files_2026_11',
        parentSchema: 'public',
        parent: 'tracking_files',
        bound: change.bound ?? "FOR VALUES FROM ('2026-11-01 00:00:00+00') TO ('2026-12-01 00:00:00+00')",
      },
    ],
    sequences: [],
    queues: [],
    stores: [
      {
        name: 'reports',
        kind: 'directory',
        files: [{ path: change.path ?? '2026/11/report.csv', size: 1, sha256: 'a'.repeat(64) }],
      },
    ],
    seconds: 1,
  });

  it('accepts what a backup writes', () => {
    expect(ZManifest.safeParse(manifest({})).success).toBe(true);
    expect(ZManifest.safeParse(manifest({ bound: 'DEFAULT' })).success).toBe(true);
    // pg-boss keeps a list partition per queue.
    expect(ZManifest.safeParse(manifest({ bound: "FOR VALUES IN ('send-email')" })).success).toBe(true);
  });

  it.each([
    ['a store file outside its folder', { path: '../../etc/cron.d/x' }],
    ['an absolute store path', { path: '/etc/passwd' }],
    ['a data file outside the backup', { file: 'data/../../secret' }],
    [
      'a partition bound with a statement after it',
      { bound: "FOR VALUES FROM ('a') TO ('b'); DROP TABLE users" },
    ],
    [
      'a partition bound with an expression',
      { bound: "FOR VALUES FROM (pg_read_file('/etc/passwd')) TO ('b')" },
    ],
  ])('refuses %s', (_what, change) => {
    expect(ZManifest.safeParse(manifest(change)).success).toBe(false);
  });
});
