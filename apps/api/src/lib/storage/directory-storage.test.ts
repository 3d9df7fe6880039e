import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectoryStorage } from './directory-storage.ts';
import { StoredFileMissing } from './file-storage.ts';

describe('DirectoryStorage', () => {
  let root: string;
  let storage: DirectoryStorage;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'storage-test-'));
    storage = new DirectoryStorage(root);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('stores a stream, answers its size and gives it back', async () => {
    expect(await storage.put('reports/1/a.csv', Readable.from(['a;b\n', 'å;ö\n']))).toEqual({ size: 10 });
    expect(await text(await storage.get('reports/1/a.csv'))).toBe('a;b\nå;ö\n');
  });

  it('leaves no partial file behind when the stream fails', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('source broke'));
      },
    });
    await expect(storage.put('reports/2/b.csv', failing)).rejects.toThrow('source broke');
    expect(await readdir(join(root, 'reports', '2'))).toEqual([]);
    await expect(storage.get('reports/2/b.csv')).rejects.toBeInstanceOf(StoredFileMissing);
  });

  it('deletes the unfinished write a killed process left of a key, and nothing of other keys', async () => {
    await mkdir(join(root, 'reports', '3'), { recursive: true });
    await writeFile(join(root, 'reports', '3', 'c.csv.5f0c.part'), 'half');
    await storage.put('reports/3/d.csv', Readable.from(['d']));
    await storage.delete('reports/3/c.csv');
    expect(await readdir(join(root, 'reports', '3'))).toEqual(['d.csv']);
  });

  it('refuses keys that could leave its folder', async () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', '', 'a\\b', '.hidden']) {
      await expect(storage.put(key, Readable.from(['x']))).rejects.toThrow('Invalid storage key');
    }
  });

  it('deletes, and a missing file is no error', async () => {
    await storage.delete('reports/1/a.csv');
    await storage.delete('reports/1/a.csv');
    await expect(storage.get('reports/1/a.csv')).rejects.toBeInstanceOf(StoredFileMissing);
  });
});
