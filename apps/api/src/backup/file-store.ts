import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BackupError } from './backup-error.ts';
import type { StoreEntry, StoredFile } from './manifest.ts';

/**
 * Where a store's files live on a Hub: a local folder (backed up and restored), or an object store
 * (left to the bucket's own versioning and replication).
 */
export type StoreLocation = { kind: 'directory'; dir: string } | { kind: 's3' };
export type StoreLocations = Record<StoreEntry['name'], StoreLocation>;

/** Files copied at once: enough to keep a disk busy, few enough for small machines. */
const PARALLEL_FILES = 4;

/** A pass-through that hashes and counts what flows through it. */
export function hashingStream(): { stream: Transform; digest: () => { sha256: string; bytes: number } } {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, digest: () => ({ sha256: hash.digest('hex'), bytes }) };
}

/** Copies one file, answering the sha256 and size of what was copied. */
async function copyHashed(from: string, to: string): Promise<{ sha256: string; bytes: number }> {
  await mkdir(dirname(to), { recursive: true });
  const hashing = hashingStream();
  await pipeline(createReadStream(from), hashing.stream, createWriteStream(to, { mode: 0o600 }));
  return hashing.digest();
}

async function inParallel<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_FILES, items.length) }, lane));
}

/** The files of a store folder, relative, `/`-separated; unfinished writes (`.part`) left out. */
async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((e) => e.isFile() && !e.name.endsWith('.part'))
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
}

/**
 * Copies a store folder into the backup with a sha256 per file. A file deleted while the backup
 * runs (an expired report) is left out and counted: the database snapshot may still name it, as
 * it would have after the deletion anyway.
 */
export async function backUpDirectory(
  root: string,
  into: string,
): Promise<{ files: StoredFile[]; vanished: number }> {
  const files: StoredFile[] = [];
  let vanished = 0;
  await inParallel(await listFiles(root), async (path) => {
    try {
      const { sha256, bytes } = await copyHashed(join(root, path), join(into, path));
      files.push({ path, size: bytes, sha256 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      vanished++;
    }
  });
  files.sort((a, b) => a.path.localeCompare(b.path));
  return { files, vanished };
}

/** True when the folder is missing or holds no files (empty subfolders do not count). */
export async function isEmptyStore(root: string): Promise<boolean> {
  return (await listFiles(root)).length === 0;
}

/**
 * A store's files copied from the backup into a staging folder beside the target, each checked
 * against its sha256 and size: a damaged or missing file fails here, before the database is
 * touched. `commit` then moves them into the target, `discard` removes them.
 *
 * The staging folder lies inside the target and the target itself is never renamed: a store is
 * often a mount point (a container volume), which cannot be renamed and from or into which a file
 * cannot be renamed either.
 */
export async function stageDirectory(
  from: string,
  files: readonly StoredFile[],
  target: string,
): Promise<{ commit: () => Promise<void>; discard: () => Promise<void> }> {
  const staging = join(target, `.restoring-${randomBytes(4).toString('hex')}`);
  const created = !existsSync(target);
  // Leaves no trace: the staged files, and the target folder too when staging made it.
  const discard = () => rm(created ? target : staging, { recursive: true, force: true });
  try {
    await mkdir(staging, { recursive: true, mode: 0o700 });
    await inParallel(files, async (file) => {
      const source = join(from, ...file.path.split('/'));
      const copied = await copyHashed(source, join(staging, ...file.path.split('/'))).catch(
        (error: unknown) => {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT')
            throw new BackupError(`The backup's file ${source} is missing: the backup is incomplete.`);
          throw error;
        },
      );
      if (copied.sha256 !== file.sha256 || copied.bytes !== file.size)
        throw new BackupError(
          `The backup's file ${source} does not match its sha256: the backup is damaged.`,
        );
    });
  } catch (error) {
    await discard();
    throw error;
  }
  return {
    discard,
    commit: async () => {
      // What was there goes (only with --force does a restore get here with a store that has files).
      for (const entry of await readdir(target)) {
        const path = join(target, entry);
        if (path !== staging) await rm(path, { recursive: true, force: true });
      }
      for (const entry of await readdir(staging)) await rename(join(staging, entry), join(target, entry));
      await rm(staging, { recursive: true, force: true });
    },
  };
}
