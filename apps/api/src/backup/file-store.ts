import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BackupError } from './backup-error.ts';
import type { StoredFile } from './manifest.ts';

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
 * touched. `commit` then puts the folder in the target's place, `discard` removes it.
 */
export async function stageDirectory(
  from: string,
  files: readonly StoredFile[],
  target: string,
): Promise<{ commit: () => Promise<void>; discard: () => Promise<void> }> {
  const staging = `${target}.restoring-${randomBytes(4).toString('hex')}`;
  const discard = () => rm(staging, { recursive: true, force: true });
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
      const aside = `${target}.replaced-${randomBytes(4).toString('hex')}`;
      const existed = await stat(target).then(
        () => true,
        () => false,
      );
      if (existed) await rename(target, aside);
      await mkdir(dirname(target), { recursive: true });
      await rename(staging, target);
      if (existed) await rm(aside, { recursive: true, force: true });
    },
  };
}
