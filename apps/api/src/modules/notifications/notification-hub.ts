import pg from 'pg';
import type { TNotification } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { findNotification, NOTIFICATION_CHANNEL } from './notifications.repository.ts';

type Listener = (notification: TNotification) => void;
type Logger = { warn: (obj: object, msg: string) => void };

/**
 * Fans PostgreSQL notifications out to the server-sent-event streams open on this instance.
 * One LISTEN connection per process, opened with the first stream; every instance hears every
 * notification and forwards it only to its own connected users, so any number of instances can
 * serve streams behind a load balancer.
 */
export class NotificationHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private connection: Promise<pg.Client> | undefined;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
  ) {}

  async subscribe(userId: string, listener: Listener): Promise<() => void> {
    await this.ensureListening();
    const set = this.listeners.get(userId) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(userId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    const connection = this.connection;
    this.connection = undefined;
    if (connection) await (await connection).end().catch(() => undefined);
  }

  private ensureListening(): Promise<pg.Client> {
    this.connection ??= this.listen().catch((error: unknown) => {
      this.connection = undefined;
      throw error;
    });
    return this.connection;
  }

  private async listen(): Promise<pg.Client> {
    const client = new pg.Client(this.db.$client.options);
    client.on('notification', (message) => void this.deliver(message.payload));
    client.on('error', (error) => {
      this.logger.warn({ err: error }, 'notification listener lost its connection; reconnecting');
      this.connection = undefined;
      client.end().catch(() => undefined);
      if (!this.closed && this.listeners.size > 0)
        setTimeout(() => void this.ensureListening().catch(() => undefined), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${NOTIFICATION_CHANNEL}`);
    return client;
  }

  private async deliver(payload: string | undefined): Promise<void> {
    if (!payload) return;
    const { id, userId } = JSON.parse(payload) as { id: number; userId: string };
    const listeners = this.listeners.get(userId);
    if (!listeners?.size) return;
    const notification = await findNotification(this.db, id);
    if (!notification) return;
    const { userId: _owner, ...visible } = notification;
    for (const listener of listeners) listener(visible);
  }
}
