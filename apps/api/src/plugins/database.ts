import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

/** Makes the shared pool available as `app.db`; the caller owns the pool's lifetime. */
async function databasePlugin(app: FastifyInstance, options: { db: Database }) {
  app.decorate('db', options.db);
}

export default fp(databasePlugin, { name: 'database' });
