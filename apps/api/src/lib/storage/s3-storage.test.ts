import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoredFileMissing } from './file-storage.ts';
import { S3Storage } from './s3-storage.ts';

describe('S3Storage against a local S3-compatible server (s3rver)', () => {
  let server: S3rver;
  let folder: string;
  let storage: S3Storage;
  let other: S3Storage;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 's3rver-test-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: folder,
      configureBuckets: [{ name: 'hub-files', configs: [] }],
    });
    const { port } = await server.run();
    const options = {
      bucket: 'hub-files',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    };
    storage = new S3Storage({ ...options, prefix: 'reports/' });
    other = new S3Storage({ ...options, prefix: 'attachments/' });
  });
  afterAll(async () => {
    storage.close();
    other.close();
    await server.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('stores a stream, answers its size and gives it back', async () => {
    expect(
      await storage.put('7/a.csv', Readable.from([Buffer.from('\uFEFFa,b\r\n'), Buffer.from('å,ö\r\n')])),
    ).toEqual({
      size: 15,
    });
    expect((await buffer(await storage.get('7/a.csv'))).toString('utf8')).toBe('\uFEFFa,b\r\nå,ö\r\n');
  });

  it('streams a body larger than one upload part (multipart upload)', async () => {
    const part = Buffer.alloc(1024 * 1024, 'x');
    const parts = Array.from({ length: 12 }, (_, i) => Buffer.concat([part, Buffer.from(String(i))]));
    const { size } = await storage.put('7/big.csv', Readable.from(parts));
    expect(size).toBe(12 * (1024 * 1024) + 12 + 2);
    const back = await buffer(await storage.get('7/big.csv'));
    expect(back.length).toBe(size);
    expect(back.subarray(-2).toString()).toBe('11');
  });

  it('keeps the prefixes apart: one bucket holds reports and attachments', async () => {
    await other.put('7/a.csv', Readable.from(['attachment']));
    expect((await buffer(await storage.get('7/a.csv'))).toString('utf8')).toMatch(/^\uFEFFa,b/);
    expect(await text(await other.get('7/a.csv'))).toBe('attachment');
  });

  it('leaves no object behind when the stream fails', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('source broke'));
      },
    });
    await expect(storage.put('7/broken.csv', failing)).rejects.toThrow('source broke');
    await expect(storage.get('7/broken.csv')).rejects.toBeInstanceOf(StoredFileMissing);
  });

  it('deletes, and a missing file is no error; keys that could leave the prefix are refused', async () => {
    await storage.delete('7/a.csv');
    await storage.delete('7/a.csv');
    await expect(storage.get('7/a.csv')).rejects.toBeInstanceOf(StoredFileMissing);
    await expect(storage.put('../x', Readable.from(['x']))).rejects.toThrow('Invalid storage key');
  });
});
