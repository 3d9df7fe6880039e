import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DirectoryStorage } from '../lib/storage/directory-storage.ts';
import type { FileStorage } from '../lib/storage/file-storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Generated reports and uploaded attachments, behind one interface (a folder by default). */
    storage: { reports: FileStorage; attachments: FileStorage };
  }
}

async function storagePlugin(app: FastifyInstance, options: { reportsDir: string; attachmentsDir: string }) {
  app.decorate('storage', {
    reports: new DirectoryStorage(options.reportsDir),
    attachments: new DirectoryStorage(options.attachmentsDir),
  });
}

export default fp(storagePlugin, { name: 'storage' });
