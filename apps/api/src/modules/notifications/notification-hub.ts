import pg from 'pg';
import type { TNotification } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import type { Principal } from '../auth/principal.repository.ts';
import { SESSIONS_ENDED_CHANNEL } from '../auth/session-events.ts';
import { findNotification, NOTIFICATION_CHANNEL } from './notifications.repository.ts';
import { sseConnections } from '../../telemetry/metrics.ts';

/**
 * Open streams per session on one instance. Browsers allow six HTTP/1.1 connections per site, so
 * more streams than this would stall the app itself; a newer stream replaces the oldest, since a
 * reload or a lost connection leaves one behind until the server notices.
 */
export const MAX_STREAMS_PER_SESSION = 5;

/** One open server-sent-event stream, as the hub sees it. */
export type Stream = {
  principal: Principal;
  deliver: (notification: TNotification) => void;
  /** Closes the stream: its session ended, or a newer stream of the same session replaced it. */
  end: (reason: 'sessionEnded' | 'superseded') => void;
};

type Logger = { warn: (obj: object, msg: string) => void };

/** Streams of one session share a key: the own session, the provider session, or else the user. */
const sessionKeyOf = ({ sessionId, providerSession, userId }: Principal) =>
  sessionId ? `own:${sessionId}` : providerSession ? `idp:${providerSession.sid}` : `user:${userId}`;

/**
 * Fans PostgreSQL notifications out to the server-sent-event streams open on this instance.
 * One LISTEN connection per process, opened with the first stream; every instance hears every
 * notification and forwards it only to its own connected users, so any number of instances can
 * serve streams behind a load balancer. The same connection hears that sessions of a user ended
 * (on whichever instance), and then closes that user's streams whose session no longer lives.
 */
export class NotificationHub {
  private readonly byUser = new Map<string, Set<Stream>>();
  private readonly bySession = new Map<string, Stream[]>();
  private connection: Promise<pg.Client> | undefined;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
    private readonly stillValid: (principal: Principal) => Promise<boolean>,
  ) {}

  /** Registers a stream (replacing its session's oldest beyond the cap); answers its removal. */
  async open(stream: Stream): Promise<() => void> {
    await this.ensureListening();
    const { userId } = stream.principal;
    const key = sessionKeyOf(stream.principal);
    const ofUser = this.byUser.get(userId) ?? new Set<Stream>();
    ofUser.add(stream);
    this.byUser.set(userId, ofUser);
    const ofSession = this.bySession.get(key) ?? [];
    ofSession.push(stream);
    this.bySession.set(key, ofSession);
    sseConnections.inc();
    const remove = () => {
      // Counted down once, however often the removal runs.
      if (ofUser.delete(stream)) sseConnections.dec();
      if (ofUser.size === 0 && this.byUser.get(userId) === ofUser) this.byUser.delete(userId);
      const index = ofSession.indexOf(stream);
      if (index !== -1) ofSession.splice(index, 1);
      if (ofSession.length === 0 && this.bySession.get(key) === ofSession) this.bySession.delete(key);
    };
    for (const oldest of ofSession.slice(0, -MAX_STREAMS_PER_SESSION)) oldest.end('superseded');
    return remove;
  }

  /** Closes the user's streams whose user or session is no longer valid. */
  async recheck(userId: string): Promise<void> {
    const streams = [...(this.byUser.get(userId) ?? [])];
    await Promise.all(
      streams.map(async (stream) => {
        if (!(await this.stillValid(stream.principal))) stream.end('sessionEnded');
      }),
    );
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
    // Its own direct session ($session, DATABASE_LISTEN_URL): through a transaction-mode pooler the
    // LISTEN would hold for one statement on one of its server connections, and nothing be heard.
    const client = new pg.Client(this.db.$session);
    client.on('notification', (message) => {
      const task =
        message.channel === SESSIONS_ENDED_CHANNEL
          ? this.recheck(message.payload ?? '')
          : this.deliver(message.payload);
      task.catch((error: unknown) => this.logger.warn({ err: error }, 'notification fan-out failed'));
    });
    client.on('error', (error) => {
      this.logger.warn({ err: error }, 'notification listener lost its connection; reconnecting');
      this.connection = undefined;
      client.end().catch(() => undefined);
      if (!this.closed && this.byUser.size > 0)
        setTimeout(() => void this.ensureListening().catch(() => undefined), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${NOTIFICATION_CHANNEL}`);
    await client.query(`LISTEN ${SESSIONS_ENDED_CHANNEL}`);
    return client;
  }

  private async deliver(payload: string | undefined): Promise<void> {
    if (!payload) return;
    const { id, userId } = JSON.parse(payload) as { id: number; userId: string };
    const streams = this.byUser.get(userId);
    if (!streams?.size) return;
    const notification = await findNotification(this.db, id);
    if (!notification) return;
    const { userId: _owner, ...visible } = notification;
    for (const stream of streams) stream.deliver(visible);
  }
}
