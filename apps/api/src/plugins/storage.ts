import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import { DirectoryStorage } from '../lib/storage/directory-storage.ts';
import type { FileStorage } from '../lib/storage/file-storage.ts';
import { S3Storage } from '../lib/storage/s3-storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Generated reports and uploaded attachments, behind one interface (a folder by default). */
    storage: { reports: FileStorage; attachments: FileStorage };
  }
}

/** Folders by default; with an object store configured, one bucket with a prefix per kind of file. */
async function storagePlugin(app: FastifyInstance, options: AppConfig['storage']) {
  const store = options.objectStore;
  if (!store) {
    app.decorate('storage', {
      reports: new DirectoryStorage(options.reportsDir),
      attachments: new DirectoryStorage(options.attachmentsDir),
    });
    return;
  }
  const bucket = (prefix: string) =>
    new S3Storage({
      bucket: store.bucket,
      prefix,
      endpoint: store.endpoint,
      region: store.region,
      credentials: store.credentials,
      forcePathStyle: store.forcePathStyle,
    });
  const reports = bucket('reports/');
  const attachments = bucket('attachments/');
  app.decorate('storage', { reports, attachments });
  app.addHook('onClose', async () => {
    reports.close();
    attachments.close();
  });
}

export default fp(storagePlugin, { name: 'storage' });
