import pg from 'pg';
import type { Database } from '../../db/client.ts';
import type { ActiveAccount } from './active-account.repository.ts';
import type { Principal } from './principal.repository.ts';
import { principalCacheLookups } from '../../telemetry/metrics.ts';

/**
 * The channel on which PostgreSQL itself (triggers of migrations 0005 and 0016) names a user whose
 * roles, accounts, account permissions, enabled flag or sessions changed, whichever instance or tool
 * changed them; `*` when a change concerns everyone (a permission or a customer account renamed).
 */
export const PRINCIPAL_CHANGED_CHANNEL = 'hub_principal_changed';
const EVERYONE = '*';

type Logger = { warn: (obj: object, msg: string) => void };
type Entry = { principal: Principal; expiresAt: number };

/**
 * Remembers, per token, the caller it was found to be, and per user the accounts they act for, so
 * a signed-in request costs no signature check and no query when the same token comes again. Correct only while this instance hears every
 * change: entries of a user go the moment PostgreSQL announces a change of that user, and while the
 * LISTEN connection is down the cache is off (and emptied), so a revoked session never outlives its
 * announcement. A generation counter keeps a lookup that raced with a change from storing what it
 * read before the change.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, Entry>();
  private readonly tokensOfUser = new Map<string, Set<string>>();
  /** Per user, the accounts they hold with their permissions on each (`undefined`: not held). */
  private readonly accountsOfUser = new Map<string, Map<number, ActiveAccount | undefined>>();
  private generation = 0;
  private connection: Promise<pg.Client> | undefined;
  private listening = false;
  private closed = false;
  /** The `sync` query under way on the connection, and the one waiting for it to be answered. */
  private ping: Promise<void> | undefined;
  private nextPing: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
    private readonly maxEntries = 10_000,
    private readonly maxAgeMs = 5 * 60_000,
  ) {}

  /** The cached caller of a token, if the cache is live and the entry still valid. */
  get(token: string): Principal | undefined {
    this.startListening();
    if (!this.listening) {
      principalCacheLookups.inc({ result: 'off' });
      return undefined;
    }
    const entry = this.entries.get(token);
    if (entry && entry.expiresAt > Date.now()) {
      principalCacheLookups.inc({ result: 'hit' });
      return entry.principal;
    }
    principalCacheLookups.inc({ result: 'miss' });
    if (entry) this.forget(token, entry.principal.userId);
    return undefined;
  }

  /** Mark taken before a lookup: `set` stores only if nothing changed since. */
  mark(): number {
    return this.generation;
  }

  set(token: string, principal: Principal, tokenExpiresAt: number, mark: number): void {
    if (!this.listening || mark !== this.generation) return;
    if (this.entries.size >= this.maxEntries) {
      const [oldest] = this.entries.keys();
      if (oldest !== undefined) this.forget(oldest, this.entries.get(oldest)!.principal.userId);
    }
    this.entries.set(token, { principal, expiresAt: Math.min(tokenExpiresAt, Date.now() + this.maxAgeMs) });
    const tokens = this.tokensOfUser.get(principal.userId) ?? new Set<string>();
    tokens.add(token);
    this.tokensOfUser.set(principal.userId, tokens);
  }

  /** A cached answer to "does this user hold this account, with which permissions?". */
  getAccount(userId: string, customerId: number): { account: ActiveAccount | undefined } | undefined {
    if (!this.listening) return undefined;
    const accounts = this.accountsOfUser.get(userId);
    return accounts?.has(customerId) ? { account: accounts.get(customerId) } : undefined;
  }

  setAccount(userId: string, customerId: number, account: ActiveAccount | undefined, mark: number): void {
    // Only users with a cached token have accounts here, which bounds the map like the tokens.
    if (!this.listening || mark !== this.generation || !this.tokensOfUser.has(userId)) return;
    const accounts = this.accountsOfUser.get(userId) ?? new Map<number, ActiveAccount | undefined>();
    accounts.set(customerId, account);
    this.accountsOfUser.set(userId, accounts);
  }

  invalidateUser(userId: string): void {
    this.generation++;
    if (userId === EVERYONE) {
      this.entries.clear();
      this.tokensOfUser.clear();
      this.accountsOfUser.clear();
      return;
    }
    for (const token of this.tokensOfUser.get(userId) ?? []) this.entries.delete(token);
    this.tokensOfUser.delete(userId);
    this.accountsOfUser.delete(userId);
  }

  /**
   * Waits until this instance has heard every change committed so far: PostgreSQL sends pending
   * notifications to a listening session before it answers that session's next command. Called
   * before answering a write, so the writer's next request never meets the state before its write.
   */
  async sync(): Promise<void> {
    if (!this.listening || !this.connection) return;
    // The connection runs one query at a time. A write answered while a ping is under way waits
    // for the next one (a ping sent before it might not cover its commit), which every write that
    // came meanwhile shares.
    if (!this.ping) return this.sendPing();
    this.nextPing ??= this.ping.then(() => {
      this.nextPing = undefined;
      return this.sendPing();
    });
    return this.nextPing;
  }

  private sendPing(): Promise<void> {
    const connection = this.connection;
    const ping = (async () => {
      try {
        if (this.listening && connection) await (await connection).query('SELECT 1');
      } catch {
        this.goDeaf();
      }
    })();
    this.ping = ping;
    // Done: no ping under way, unless the queued one takes over (it replaces this one itself).
    void ping.then(() => {
      if (this.ping === ping && !this.nextPing) this.ping = undefined;
    });
    return ping;
  }

  /** Starts hearing changes (once; again after a lost connection); the cache is live from then on. */
  private startListening(): void {
    if (this.connection || this.closed) return;
    this.connection = this.listen();
    this.connection.catch((error: unknown) => {
      this.logger.warn({ err: error }, 'principal cache cannot listen; off until it can');
      this.connection = undefined;
    });
  }

  private async listen(): Promise<pg.Client> {
    // Its own direct session ($session, DATABASE_LISTEN_URL): through a transaction-mode pooler the
    // LISTEN would hold for one statement on one of its server connections, and nothing be heard.
    const client = new pg.Client(this.db.$session);
    client.on('notification', (message) => {
      if (message.payload) this.invalidateUser(message.payload);
    });
    client.on('error', (error) => {
      this.logger.warn({ err: error }, 'principal cache lost its connection; off until it is back');
      this.goDeaf();
      this.connection = undefined;
      client.end().catch(() => undefined);
    });
    await client.connect();
    await client.query(`LISTEN ${PRINCIPAL_CHANGED_CHANNEL}`);
    if (this.closed) {
      await client.end();
      return client;
    }
    this.listening = true;
    return client;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.goDeaf();
    const connection = this.connection;
    this.connection = undefined;
    if (connection) await (await connection.catch(() => undefined))?.end().catch(() => undefined);
  }

  private goDeaf(): void {
    this.listening = false;
    this.generation++;
    this.entries.clear();
    this.tokensOfUser.clear();
    this.accountsOfUser.clear();
  }

  private forget(token: string, userId: string): void {
    this.entries.delete(token);
    const tokens = this.tokensOfUser.get(userId);
    tokens?.delete(token);
    if (tokens?.size === 0) {
      this.tokensOfUser.delete(userId);
      this.accountsOfUser.delete(userId);
    }
  }
}
