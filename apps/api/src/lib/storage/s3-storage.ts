import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertStorageKey, StoredFileMissing, type FileStorage } from './file-storage.ts';

export type S3StorageOptions = {
  bucket: string;
  /** Prepended to every key ("reports/", "attachments/"), so one bucket holds both. */
  prefix: string;
  /** Endpoint of an S3-compatible store (MinIO, Ceph, a test server); AWS when unset. */
  endpoint?: string;
  region: string;
  /** Without them the SDK's usual chain applies (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Bucket in the path instead of the host name: most S3-compatible stores need it. */
  forcePathStyle: boolean;
};

/**
 * Files in an S3-compatible object store. A body streams up in parts (multipart upload), so
 * memory stays flat; the object appears only once the upload completes, and a failed upload is
 * aborted, so no reader sees half a file. Several instances share it without a shared folder.
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    const config: S3ClientConfig = {
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.credentials ? { credentials: options.credentials } : {}),
    };
    this.client = new S3Client(config);
  }

  async put(key: string, body: Readable): Promise<{ size: number }> {
    let size = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.options.bucket, Key: this.objectKey(key), Body: counted },
      leavePartsOnError: false,
    });
    // The source's failure must reach the upload (abort), and the upload's the source.
    const feeding = pipeline(body, counted).catch((error: unknown) => {
      void upload.abort().catch(() => undefined);
      throw error;
    });
    const uploading = upload.done().catch((error: unknown) => {
      counted.destroy(error as Error);
      throw error;
    });
    await Promise.all([feeding, uploading]);
    return { size };
  }

  async get(key: string): Promise<Readable> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }),
      );
      if (!(object.Body instanceof Readable)) throw new Error('S3 answered no readable body');
      return object.Body;
    } catch (error) {
      if (error instanceof NoSuchKey) throw new StoredFileMissing(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }),
    );
  }

  /** Closes the client's connections (on shutdown). */
  close(): void {
    this.client.destroy();
  }

  private objectKey(key: string): string {
    assertStorageKey(key);
    return `${this.options.prefix}${key}`;
  }
}
