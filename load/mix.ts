import autocannon, { type Request } from 'autocannon';
import { signIn, startPostgres, startProcess, type HubProcess } from './hub.ts';

/** What the load needs to address: tokens of two demo users and ids in their account. */
export type Targets = {
  userToken: string;
  adminToken: string;
  accountId: number;
  fileId: number;
  documentId: number;
};

export async function findTargets(baseUrl: string): Promise<Targets> {
  const userToken = await signIn(baseUrl, 'user@example.com');
  const adminToken = await signIn(baseUrl, 'admin@example.com');
  const headers = { authorization: `Bearer ${userToken}` };
  const accounts = (await (await fetch(`${baseUrl}/api/v3/user`, { headers })).json()) as {
    customers?: { id: number; name: string }[];
  };
  const account = accounts.customers?.find((c) => c.name === 'Göta Bostäder AB') ?? accounts.customers?.[0];
  if (!account) throw new Error(`no account for user@example.com: ${JSON.stringify(accounts).slice(0, 300)}`);
  const first = async (list: string) => {
    const response = await fetch(`${baseUrl}/api/tracking/stt/${list}?activeAccountId=${account.id}`, {
      headers,
    });
    const body = (await response.json()) as { result?: { id: number }[] };
    if (!body.result?.[0]) throw new Error(`no ${list} in the account: ${response.status}`);
    return body.result[0].id;
  };
  return {
    userToken,
    adminToken,
    accountId: account.id,
    fileId: await first('files'),
    documentId: await first('documents'),
  };
}

/**
 * One connection's loop of portal traffic, weighted as people use the portal: the shell's calls on
 * every page load (user, accounts, notifications), tracking lists far more than details, the
 * dashboard's overview, case and report lists, and now and then a sign-in (argon2id, deliberately
 * slow) — 1 in 50 requests.
 */
export function portalMix(t: Targets): Request[] {
  const user = { authorization: `Bearer ${t.userToken}` };
  const admin = { authorization: `Bearer ${t.adminToken}` };
  const scope = `activeAccountId=${t.accountId}`;
  const get = (path: string, headers = user): Request => ({ method: 'GET', path, headers });
  const signInRequest: Request = {
    method: 'POST',
    path: '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'user@example.com', password: 'demo-password' }),
  };
  const page = (extra: Request[], headers = user) => [
    get('/api/v3/user', headers),
    get('/api/accounts', headers),
    get('/api/notifications', headers),
    ...extra,
  ];
  const mix = [
    ...page([get(`/api/tracking/stt/overview?${scope}`)]), // dashboard
    ...page([
      get(`/api/tracking/stt/files?${scope}`),
      get(`/api/tracking/stt/files?${scope}&sortBy=filename&sortDirection=desc`),
    ]),
    ...page([
      get(`/api/tracking/stt/documents?${scope}`),
      get(`/api/tracking/stt/documents?${scope}&status=Rejected`),
    ]),
    ...page([get(`/api/tracking/stt/files/${t.fileId}?${scope}`)]),
    ...page([get(`/api/tracking/stt/documents/${t.documentId}?${scope}`)]),
    ...page([get(`/api/support/cases?${scope}`)]),
    ...page([get(`/api/reports?${scope}`)]),
    ...page([], admin),
    ...page([get(`/api/tracking/stt/documents?${scope}&page=2`)]),
    ...page([get(`/api/tracking/stt/files?${scope}&page=3`)]),
    get(`/api/tracking/stt/documents?${scope}&pageSize=100`),
    get(`/api/tracking/stt/files?${scope}&pageSize=100`),
    get(`/api/support/cases?${scope}`),
  ];
  while (mix.length < 49) mix.push(get(`/api/tracking/stt/documents?${scope}`));
  return [...mix.slice(0, 49), signInRequest];
}

/**
 * Every connection of the mix signs in as the same user from the same address, which the sign-in
 * limit (50 per 15 minutes) would soon answer with 429s: a load run measures work, not the limit.
 */
export const LOAD_RATE_LIMITS = { RATE_LIMIT_SIGN_IN: '1000000', RATE_LIMIT_WRITES: '1000000' };

export type LoadStats = {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
  /** Failed requests (no answer) by error code or message. */
  failures: Record<string, number>;
  /** Per second since the start: answers by status. */
  timeline: Map<number, Record<number, number>>;
};

/** Runs autocannon with the mix; counts every answer by status and by the second it came in. */
export async function runLoad(options: {
  url: string;
  requests: Request[];
  seconds: number;
  connections: number;
  /** Called every second with the elapsed seconds (fault injection). */
  onSecond?: (elapsed: number) => void;
}): Promise<LoadStats> {
  const started = Date.now();
  const timeline = new Map<number, Record<number, number>>();
  let instance!: autocannon.Instance;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.seconds,
        requests: options.requests,
        timeout: 10,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  instance.on('response', (_client, statusCode) => {
    const second = Math.floor((Date.now() - started) / 1000);
    const row = timeline.get(second) ?? {};
    row[statusCode] = (row[statusCode] ?? 0) + 1;
    timeline.set(second, row);
  });
  const failures: Record<string, number> = {};
  instance.on('reqError', (error: Error & { code?: string }) => {
    const key = error.code ?? error.message;
    failures[key] = (failures[key] ?? 0) + 1;
  });
  const ticker = setInterval(() => options.onSecond?.(Math.floor((Date.now() - started) / 1000)), 1000);
  const result = await finished;
  clearInterval(ticker);
  const statuses: Record<string, number> = {};
  for (const row of timeline.values()) {
    for (const [status, count] of Object.entries(row)) statuses[status] = (statuses[status] ?? 0) + count;
  }
  return {
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
    failures,
    timeline,
  };
}

export type MixResult = LoadStats & {
  passed: boolean;
  rssBefore: number;
  rssAfter: number;
  rssSettled: number;
};

/** The plain run: 60 s at 200 connections, zero errors, memory before and after. */
export async function runMix(options: {
  workDir: string;
  seconds: number;
  connections: number;
  documents: number;
}): Promise<MixResult> {
  console.log(`load: seeding ${options.documents} documents`);
  const postgres = await startPostgres({
    dataDir: options.workDir,
    database: 'load',
    documents: options.documents,
  });
  let server: HubProcess | undefined;
  try {
    server = await startProcess('server', { name: 'api', databaseUrl: postgres.url, env: LOAD_RATE_LIMITS });
    const targets = await findTargets(server.url!);
    const requests = portalMix(targets);
    // A short warm-up (JIT, caches, pool) so that "before" is the server's working size.
    await runLoad({ url: server.url!, requests, seconds: 5, connections: options.connections });
    const rssBefore = await server.rssBytes();
    console.log(`load: ${options.seconds} s at ${options.connections} connections`);
    const stats = await runLoad({
      url: server.url!,
      requests,
      seconds: options.seconds,
      connections: options.connections,
    });
    const rssAfter = await server.rssBytes();
    await new Promise((r) => setTimeout(r, 10_000));
    const rssSettled = await server.rssBytes();
    const passed = stats.non2xx === 0 && stats.errors === 0;
    console.log(
      `load: ${stats.requests} requests, ${stats.rps}/s, p50 ${stats.p50} ms, p99 ${stats.p99} ms, non-2xx ${stats.non2xx}, errors ${stats.errors}; RSS ${mb(rssBefore)} → ${mb(rssAfter)} → ${mb(rssSettled)} MB`,
    );
    if (!passed) console.log(JSON.stringify({ statuses: stats.statuses, failures: stats.failures }));
    return { ...stats, passed, rssBefore, rssAfter, rssSettled };
  } finally {
    await server?.stop();
    await postgres.close();
  }
}

export const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
