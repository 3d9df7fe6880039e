import type { Readable } from 'node:stream';

/**
 * Where generated reports and uploaded attachments live. Bodies stream in and out, so memory stays
 * flat whatever the file size. Keys are the caller's: plain relative paths of letters, digits,
 * `-`, `_`, `.` and `/` (see `assertStorageKey`), never taken from a user's input.
 */
export interface FileStorage {
  /** Stores the stream under the key, replacing nothing half-written; answers the stored size. */
  put(key: string, body: Readable): Promise<{ size: number }>;
  /** The stored bytes; rejects with `StoredFileMissing` when there is no such file. */
  get(key: string): Promise<Readable>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
}

export class StoredFileMissing extends Error {
  constructor(key: string) {
    super(`No stored file ${key}`);
    this.name = 'StoredFileMissing';
  }
}

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Refuses keys that could leave the storage's folder or prefix. */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.split('/').includes('..') || key.length > 512) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key.slice(0, 80))}`);
  }
}
