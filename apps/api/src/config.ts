import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { EXTERNAL_SERVICES } from '@service-hub/contracts';
import { apiRoot } from './lib/paths.ts';

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

const ZEnv = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
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
  /** `open` lets anyone on a loopback listener read the development outbox (tests, local demos). */
  HUB_DEV_OUTBOX: z.enum(['off', 'open']).default('off'),
  /** Folders for generated reports and uploaded attachments; default under the data folder. */
  REPORTS_DIR: z.string().optional(),
  ATTACHMENTS_DIR: z.string().optional(),
  /** Support attachments: at most this many files per message, each at most this many MB (spec 5). */
  ATTACHMENT_MAX_FILES: z.coerce.number().int().min(1).max(20).default(5),
  ATTACHMENT_MAX_FILE_MB: z.coerce.number().min(0.01).max(100).default(10),
  TRUST_PROXY: ZTrustProxy,
});

export type AppConfig = {
  isProduction: boolean;
  port: number;
  host: string;
  databaseUrl: string | undefined;
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
  /** Fastify's trustProxy: false, a hop count, or the trusted proxies' addresses. */
  trustProxy: false | number | string[];
  /** External service addresses by permission prefix (EXTERNAL_URL_WOD, …); unset ones are omitted. */
  externalServices: Record<string, string>;
  /**
   * Who may read the development outbox (never registered in production): provider administrators,
   * or also anonymous callers when HUB_DEV_OUTBOX=open and the server listens on loopback only.
   */
  devOutbox: 'provider-admins' | 'anyone-on-loopback';
  /** Where files are kept (a folder each, unless an object store is configured). */
  storage: { reportsDir: string; attachmentsDir: string };
  /** Limits of support attachments per message (ATTACHMENT_MAX_FILES, ATTACHMENT_MAX_FILE_MB). */
  attachments: { maxFiles: number; maxFileSizeMb: number };
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
  const isProduction = e.NODE_ENV === 'production';
  // Relative to where npm was started (npm runs workspace scripts in the workspace folder);
  // by default the repository's own .data folder, whichever script starts the database.
  const fromStart = (path: string) => resolve(env.INIT_CWD ?? process.cwd(), path);
  const dataDir = e.HUB_DATA_DIR ? fromStart(e.HUB_DATA_DIR) : join(apiRoot, '..', '..', '.data');
  const externalServices: Record<string, string> = {};
  for (const service of EXTERNAL_SERVICES) {
    const url = env[`EXTERNAL_URL_${service}`];
    if (url) externalServices[service] = z.string().url().parse(url);
  }
  return {
    isProduction,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
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
    trustProxy: e.TRUST_PROXY,
    externalServices,
    storage: {
      reportsDir: e.REPORTS_DIR ? fromStart(e.REPORTS_DIR) : join(dataDir, 'files', 'reports'),
      attachmentsDir: e.ATTACHMENTS_DIR
        ? fromStart(e.ATTACHMENTS_DIR)
        : join(dataDir, 'files', 'attachments'),
    },
    attachments: { maxFiles: e.ATTACHMENT_MAX_FILES, maxFileSizeMb: e.ATTACHMENT_MAX_FILE_MB },
    devOutbox:
      e.HUB_DEV_OUTBOX === 'open' && isLoopbackHost(e.HOST) ? 'anyone-on-loopback' : 'provider-admins',
  };
}
