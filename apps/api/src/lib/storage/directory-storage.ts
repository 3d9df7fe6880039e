import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, StoredFileMissing, type FileStorage } from './file-storage.ts';

/** Reports run to hundreds of megabytes: 1 MiB reads and writes instead of Node's 64 KiB. */
const CHUNK_BYTES = 1 << 20;

/**
 * Files in a folder of this machine (the default). A file is written under a temporary name and
 * renamed into place, so a reader never sees half a file and a crash leaves no partial one behind
 * the key. Several instances need the folder shared (or an object store instead).
 */
export class DirectoryStorage implements FileStorage {
  constructor(private readonly root: string) {}

  async put(key: string, body: Readable): Promise<{ size: number }> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.part`;
    try {
      await pipeline(body, createWriteStream(temporary, { mode: 0o600, highWaterMark: CHUNK_BYTES }));
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return { size: (await stat(target)).size };
  }

  async get(key: string): Promise<Readable> {
    const path = this.pathOf(key);
    try {
      await stat(path);
    } catch {
      throw new StoredFileMissing(key);
    }
    return createReadStream(path, { highWaterMark: CHUNK_BYTES });
  }

  /** Removes the file and any unfinished write of it (a process killed mid-write leaves its `.part`). */
  async delete(key: string): Promise<void> {
    const target = this.pathOf(key);
    await rm(target, { force: true });
    const unfinished = (await readdir(dirname(target)).catch(() => [] as string[])).filter(
      (name) => name.startsWith(`${basename(target)}.`) && name.endsWith('.part'),
    );
    for (const name of unfinished) await rm(join(dirname(target), name), { force: true });
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    return join(this.root, ...key.split('/'));
  }
}
