import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { EXTERNAL_SERVICES, REPORT_MAX_RECORDS } from '@service-hub/contracts';
import { apiRoot } from './lib/paths.ts';
import type { RateLimits } from './plugins/rate-limits.ts';

const ZFlag = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? 0 : Number.parseInt(v, 10)))
  .pipe(z.number().int());

/** Names Fastify's trustProxy (proxy-addr) accepts besides addresses. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * Which proxies may say who the client is (X-Forwarded-For, -Proto): none by default, since any
 * client could otherwise pick the address the sign-in throttle counts. A list trusts only proxies
 * at those addresses; a hop count trusts that many proxies in front, so it is only safe when the
 * server cannot be reached except through them.
 */
const ZTrustProxy = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    const text = value?.trim() ?? '';
    if (text === '' || text === '0' || text === 'false') return false;
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: 'custom',
      message: 'expected 0, a hop count, or a comma-separated list of proxy IP addresses or CIDR ranges',
    });
    return z.NEVER;
  });

/** Space-separated OAuth scopes; `openid` is required for an ID token. */
const ZScopes = z
  .string()
  .default('openid profile email offline_access')
  .transform((value) => value.trim().split(/\s+/).filter(Boolean).join(' '))
  .refine((value) => value.split(' ').includes('openid'), 'must include openid');

const ZEnv = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().optional(),
  DATABASE_URL: z.string().url().optional(),
  /**
   * A direct connection to PostgreSQL for what needs a session of its own (LISTEN, session advisory
   * locks of job leases and migrations, the seed) when DATABASE_URL goes through a pooler in
   * transaction mode (PgBouncer); default DATABASE_URL. See docs/operations.md, "Behind nginx and PgBouncer".
   */
  DATABASE_LISTEN_URL: z.string().url().optional(),
  HUB_DATA_DIR: z.string().optional(),
  HUB_SEED: z.string().default('1'),
  HUB_ENVIRONMENT: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  /** Read as an integer, default 0 (spec 1): 1 selects the product's own authentication service. */
  USE_AUTH_SERVICE: ZFlag,
  TAG_MANAGER: z.enum(['production', 'test', 'none']).default('none'),
  TAG_MANAGER_PRODUCTION_URL: z.string().url().optional(),
  TAG_MANAGER_TEST_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BUILD_ID: z.string().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Service Hub <no-reply@servicehub.example>'),
  /** 0 turns off the job workers in this process (they can run elsewhere against the same database). */
  RUN_JOBS: z.string().default('1'),
  /** An external OpenID Connect provider; without one the server hosts its own at /idp. */
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().default('service-hub-web'),
  /**
   * Refused: the web app is a public client (authorization code with PKCE) and a secret cannot be
   * kept in a browser. The variable exists so that setting it fails loudly instead of being ignored.
   */
  OIDC_CLIENT_SECRET: z
    .string()
    .optional()
    .refine(
      (value) => value === undefined || value.trim() === '',
      'not used: register Service Hub at the provider as a public single-page client (PKCE) without a secret',
    ),
  OIDC_SCOPES: ZScopes,
  OIDC_USER_CLAIM: z.enum(['email', 'preferred_username', 'upn']).default('email'),
  OIDC_TOKEN_TYPE: z.enum(['id_token', 'access_token']).default('id_token'),
  /**
   * `prompt` sent with every sign-in, e.g. `consent` for a provider that issues refresh tokens
   * (offline_access) only with it, as OpenID Connect Core section 11 allows.
   */
  OIDC_PROMPT: z
    .string()
    .optional()
    .transform((value) => value?.trim().split(/\s+/).filter(Boolean).join(' ') || undefined)
    .refine(
      (value) =>
        value === undefined ||
        value.split(' ').every((p) => ['consent', 'login', 'select_account'].includes(p)),
      'expected consent, login and/or select_account',
    ),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  /** `open` lets anyone on a loopback listener read the development outbox (tests, local demos). */
  HUB_DEV_OUTBOX: z.enum(['off', 'open']).default('off'),
  /** Folders for generated reports and uploaded attachments; default under the data folder. */
  REPORTS_DIR: z.string().optional(),
  ATTACHMENTS_DIR: z.string().optional(),
  /** Support attachments: at most this many files per message, each at most this many MB (spec 5). */
  ATTACHMENT_MAX_FILES: z.coerce.number().int().min(1).max(20).default(5),
  ATTACHMENT_MAX_FILE_MB: z.coerce.number().min(0.01).max(100).default(10),
  TRUST_PROXY: ZTrustProxy,
  /** An S3-compatible bucket for reports and attachments instead of the folders above. */
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['0', '1', 'true', 'false']).optional(),
  /**
   * Months of track-and-trace history kept; older months are dropped by the nightly purge
   * (0 keeps everything).
   */
  TRACKING_RETENTION_MONTHS: z.coerce.number().int().min(0).max(1200).default(0),
  /** Most records one report may hold (spec 9); lowered in tests. */
  REPORT_MAX_RECORDS: z.coerce.number().int().min(1).default(REPORT_MAX_RECORDS),
  /** The CRM's HTTP API (bulk creation of customers); without it the built-in CRM directory answers. */
  CRM_URL: z.string().url().optional(),
  CRM_TOKEN: z.string().optional(),
  CRM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  CRM_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  // Rate limits (plugins/rate-limits.ts): requests per window, counted in PostgreSQL.
  RATE_LIMIT_SIGN_IN: z.coerce.number().int().min(1).default(50),
  RATE_LIMIT_MFA: z.coerce.number().int().min(1).default(50),
  RATE_LIMIT_INVITATIONS: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_EMAIL_CHANGE: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_WRITES: z.coerce.number().int().min(1).default(600),
  /** Requests per minute of one account API key, reads included (docs/api-keys.md). */
  RATE_LIMIT_ACCOUNT_KEYS: z.coerce.number().int().min(1).default(600),
  /** Requests per minute of one SCIM token (a directory's full sync sends bursts; modules/scim). */
  RATE_LIMIT_SCIM: z.coerce.number().int().min(1).default(1200),
  /**
   * 1 lets webhooks deliver to loopback (http://127.0.0.1): tests and the bench only. Refused in
   * production, where it would let a customer's endpoint reach the server itself (docs/security.md).
   */
  WEBHOOKS_ALLOW_LOOPBACK: ZFlag,
  /**
   * 0 keeps the webhook dispatcher out of this process; default: wherever jobs run (RUN_JOBS).
   * Any number of dispatchers may run (docs/webhooks.md, "Where deliveries are sent from").
   */
  WEBHOOK_DISPATCHER: z.enum(['0', '1']).optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .min(0)
    .max(24 * 60)
    .default(30),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(25_000),
  /**
   * Bearer token for `GET /metrics` (Prometheus): on the main port only with it, and on the metrics
   * port when set. At least 32 characters: it guards figures about the whole service.
   */
  METRICS_TOKEN: z.string().min(32).optional(),
  /** A listener of its own for `/metrics` (web instances and workers); unset: none. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Address of the metrics listener; loopback unless said, and elsewhere only with METRICS_TOKEN. */
  METRICS_HOST: z.string().default('127.0.0.1'),
});

const MINUTE = 60_000;

export type ObjectStoreConfig = {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
};

export type AppConfig = {
  isProduction: boolean;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /**
   * DATABASE_LISTEN_URL: the direct address for session-bound connections, set when DATABASE_URL
   * is a transaction-mode pooler; undefined means DATABASE_URL (or the embedded database) is direct.
   */
  databaseListenUrl: string | undefined;
  dataDir: string;
  seedDemoData: boolean;
  /** Environment name shown to the SPA; route rules compare it with 'Development'. */
  environment: string;
  /** Absolute address of the product (PUBLIC_URL, default http://localhost:PORT); token issuers derive from it. */
  publicUrl: string;
  useAuthService: number;
  tagManager: 'production' | 'test' | 'none';
  /** Address of the selected tag-manager script (production or test container), if any. */
  tagManagerScript: string | undefined;
  logLevel: string;
  buildId: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  runJobs: boolean;
  /** Set for an external identity provider; undefined means the built-in one at /idp. */
  oidcIssuer: string | undefined;
  oidcClientId: string;
  /** Scopes the web app asks an external provider for (the built-in one keeps the spec's). */
  oidcScopes: string;
  /** The claim that links an external provider's user to a Hub user the first time. */
  oidcUserClaim: 'email' | 'preferred_username' | 'upn';
  /** `prompt` the web app sends an external provider with every sign-in, if any. */
  oidcPrompt: string | undefined;
  /** Which of the external provider's tokens the web app sends and the API accepts. */
  oidcTokenType: 'id_token' | 'access_token';
  /** Audience the API requires: the client id, or OIDC_AUDIENCE for access tokens. */
  oidcAudience: string;
  /** Fastify's trustProxy: false, a hop count, or the trusted proxies' addresses. */
  trustProxy: false | number | string[];
  /** External service addresses by permission prefix (EXTERNAL_URL_WOD, …); unset ones are omitted. */
  externalServices: Record<string, string>;
  /**
   * Who may read the development outbox (never registered in production): provider administrators,
   * or also anonymous callers when HUB_DEV_OUTBOX=open and the server listens on loopback only.
   */
  devOutbox: 'provider-admins' | 'anyone-on-loopback';
  /** Where files are kept: a folder each, unless an object store is configured. */
  storage: { reportsDir: string; attachmentsDir: string; objectStore: ObjectStoreConfig | undefined };
  reports: { maxRecords: number };
  /** Months of track-and-trace history kept (TRACKING_RETENTION_MONTHS; 0: all of it). */
  tracking: { retentionMonths: number };
  /** The CRM over HTTP; undefined means the built-in CRM directory. */
  crm: { url: string; token: string | undefined; timeoutMs: number; retries: number } | undefined;
  /** Limits of support attachments per message (ATTACHMENT_MAX_FILES, ATTACHMENT_MAX_FILE_MB). */
  attachments: { maxFiles: number; maxFileSizeMb: number };
  /** Requests per window: sign-ins per client address and e-mail, the rest per user (RATE_LIMIT_*). */
  rateLimits: RateLimits;
  /** SCIM provisioning (modules/scim): each token's own request budget. */
  scim: { rateLimit: { max: number; windowMs: number } };
  /** Minutes without use after which the web app signs out (warning first); 0: never. */
  sessionIdleMinutes: number;
  /**
   * Webhooks: whether this process runs a dispatcher, and whether endpoints may be on loopback
   * (WEBHOOKS_ALLOW_LOOPBACK, never in production).
   */
  webhooks: { dispatch: boolean; allowLoopback: boolean };
  /** Bounds on waiting for PostgreSQL, so an unreachable database answers 503 instead of hanging. */
  database: { connectTimeoutMs: number; statementTimeoutMs: number };
  /** How long SIGTERM may take to drain requests and jobs before the process exits anyway. */
  shutdownTimeoutMs: number;
  /**
   * Prometheus metrics (telemetry/metrics.routes.ts): the bearer token, and the listener of their
   * own (undefined: none). Never public: see docs/operations.md, "Traces and metrics".
   */
  metrics: { token: string | undefined; listener: { port: number; host: string } | undefined };
};

/** True for addresses only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${fields}`);
  }
  const e = parsed.data;
  if (e.OIDC_TOKEN_TYPE === 'access_token' && e.OIDC_ISSUER === undefined) {
    // The built-in provider's access tokens are opaque; only its ID tokens can be verified.
    throw new Error('Invalid environment: OIDC_TOKEN_TYPE: access_token needs an external OIDC_ISSUER');
  }
  if (e.DATABASE_LISTEN_URL !== undefined && e.DATABASE_URL === undefined) {
    // The embedded database is always direct: a listen address beside it would be a second database.
    throw new Error('Invalid environment: DATABASE_LISTEN_URL: only with DATABASE_URL (the pooled address)');
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_TOKEN === undefined && !isLoopbackHost(e.METRICS_HOST)) {
    // Anyone who reaches that address could read the figures: only this machine may, without a token.
    throw new Error('Invalid environment: METRICS_HOST: other than loopback only with METRICS_TOKEN');
  }
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && e.WEBHOOKS_ALLOW_LOOPBACK === 1) {
    // A customer could register http://127.0.0.1/… and make the Hub call itself.
    throw new Error('Invalid environment: WEBHOOKS_ALLOW_LOOPBACK: never in production');
  }
  // Relative to where npm was started (npm runs workspace scripts in the workspace folder);
  // by default the repository's own .data folder, whichever script starts the database.
  const fromStart = (path: string) => resolve(env.INIT_CWD ?? process.cwd(), path);
  const dataDir = e.HUB_DATA_DIR ? fromStart(e.HUB_DATA_DIR) : join(apiRoot, '..', '..', '.data');
  // The demo's passwords are public: outside production only this machine may connect unless
  // HOST says otherwise. `localhost` makes Fastify listen on both 127.0.0.1 and ::1.
  const host = e.HOST ?? (isProduction ? '0.0.0.0' : 'localhost');
  const externalServices: Record<string, string> = {};
  for (const service of EXTERNAL_SERVICES) {
    const url = env[`EXTERNAL_URL_${service}`];
    if (url) externalServices[service] = z.string().url().parse(url);
  }
  return {
    isProduction,
    port: e.PORT,
    host,
    databaseUrl: e.DATABASE_URL,
    databaseListenUrl: e.DATABASE_LISTEN_URL === e.DATABASE_URL ? undefined : e.DATABASE_LISTEN_URL,
    dataDir,
    // Demo users never exist in production, whatever HUB_SEED says.
    seedDemoData: e.HUB_SEED !== '0' && !isProduction,
    environment: e.HUB_ENVIRONMENT ?? (isProduction ? 'Production' : 'Development'),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    useAuthService: e.USE_AUTH_SERVICE,
    tagManager: e.TAG_MANAGER,
    tagManagerScript:
      e.TAG_MANAGER === 'production'
        ? e.TAG_MANAGER_PRODUCTION_URL
        : e.TAG_MANAGER === 'test'
          ? e.TAG_MANAGER_TEST_URL
          : undefined,
    logLevel: e.LOG_LEVEL,
    buildId: e.BUILD_ID,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    runJobs: e.RUN_JOBS !== '0',
    oidcIssuer: e.OIDC_ISSUER,
    oidcClientId: e.OIDC_CLIENT_ID,
    oidcScopes: e.OIDC_SCOPES,
    oidcUserClaim: e.OIDC_USER_CLAIM,
    oidcTokenType: e.OIDC_TOKEN_TYPE,
    oidcPrompt: e.OIDC_PROMPT,
    // An ID token's audience is always the client it was issued to.
    oidcAudience:
      e.OIDC_TOKEN_TYPE === 'access_token' ? (e.OIDC_AUDIENCE ?? e.OIDC_CLIENT_ID) : e.OIDC_CLIENT_ID,
    trustProxy: e.TRUST_PROXY,
    externalServices,
    storage: {
      reportsDir: e.REPORTS_DIR ? fromStart(e.REPORTS_DIR) : join(dataDir, 'files', 'reports'),
      attachmentsDir: e.ATTACHMENTS_DIR
        ? fromStart(e.ATTACHMENTS_DIR)
        : join(dataDir, 'files', 'attachments'),
      objectStore: e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
            // S3-compatible stores at their own address mostly want the bucket in the path.
            forcePathStyle:
              e.S3_FORCE_PATH_STYLE === undefined
                ? e.S3_ENDPOINT !== undefined
                : e.S3_FORCE_PATH_STYLE === '1' || e.S3_FORCE_PATH_STYLE === 'true',
          }
        : undefined,
    },
    reports: { maxRecords: e.REPORT_MAX_RECORDS },
    tracking: { retentionMonths: e.TRACKING_RETENTION_MONTHS },
    crm: e.CRM_URL
      ? { url: e.CRM_URL, token: e.CRM_TOKEN, timeoutMs: e.CRM_TIMEOUT_MS, retries: e.CRM_RETRIES }
      : undefined,
    attachments: { maxFiles: e.ATTACHMENT_MAX_FILES, maxFileSizeMb: e.ATTACHMENT_MAX_FILE_MB },
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    webhooks: {
      dispatch: e.WEBHOOK_DISPATCHER === undefined ? e.RUN_JOBS !== '0' : e.WEBHOOK_DISPATCHER === '1',
      allowLoopback: e.WEBHOOKS_ALLOW_LOOPBACK === 1,
    },
    rateLimits: {
      signIn: { max: e.RATE_LIMIT_SIGN_IN, windowMs: 15 * MINUTE },
      mfa: { max: e.RATE_LIMIT_MFA, windowMs: 15 * MINUTE },
      invitation: { max: e.RATE_LIMIT_INVITATIONS, windowMs: 60 * MINUTE },
      emailChange: { max: e.RATE_LIMIT_EMAIL_CHANGE, windowMs: 60 * MINUTE },
      write: { max: e.RATE_LIMIT_WRITES, windowMs: MINUTE },
      accountKey: { max: e.RATE_LIMIT_ACCOUNT_KEYS, windowMs: MINUTE },
    },
    scim: { rateLimit: { max: e.RATE_LIMIT_SCIM, windowMs: MINUTE } },
    database: {
      connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    metrics: {
      token: e.METRICS_TOKEN,
      listener: e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    },
    devOutbox: e.HUB_DEV_OUTBOX === 'open' && isLoopbackHost(host) ? 'anyone-on-loopback' : 'provider-admins',
  };
}
