import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBalancer, type Balancer } from './balancer.ts';
import { signIn, startPostgres, startProcess, type HubProcess, type Postgres } from './hub.ts';

/**
 * `npm run test:instances`: the built API as 3 web processes (RUN_JOBS=0) and 2 queue workers on
 * one PostgreSQL, behind a round-robin balancer, so every request of a flow may reach another
 * process. Nothing of a user's state may live in one process.
 */
describe('[INSTANCES] 3 API processes and 2 workers behind a balancer', () => {
  let workDir: string;
  let postgres: Postgres;
  let balancer: Balancer;
  const apis: HubProcess[] = [];
  const workers: HubProcess[] = [];

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'hub-instances-'));
    postgres = await startPostgres({ dataDir: join(workDir, 'pg'), database: 'instances', documents: 2000 });
    balancer = await startBalancer();
    // One public address for all: token issuers and links derive from it.
    const env = {
      PUBLIC_URL: balancer.url,
      REPORTS_DIR: join(workDir, 'reports'),
      ATTACHMENTS_DIR: join(workDir, 'attachments'),
    };
    const starting = await Promise.allSettled([
      ...[1, 2, 3].map((n) =>
        startProcess('server', {
          name: `api-${n}`,
          databaseUrl: postgres.url,
          env: { ...env, RUN_JOBS: '0' },
        }),
      ),
      ...[1, 2].map((n) =>
        startProcess('worker', {
          name: `worker-${n}`,
          databaseUrl: postgres.url,
          env: { ...env, LOG_LEVEL: 'info' },
        }),
      ),
    ]);
    // Those that did start are stopped by afterAll even when another failed.
    const started = starting.map((s) => (s.status === 'fulfilled' ? s.value : undefined));
    apis.push(...started.slice(0, 3).filter((p) => p !== undefined));
    workers.push(...started.slice(3).filter((p) => p !== undefined));
    const failed = starting.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    balancer.setBackends(apis.map((api) => api.url!));
  }, 300_000);

  afterAll(async () => {
    await Promise.all([...apis, ...workers].map((p) => p.stop()));
    await balancer?.close();
    await postgres?.close();
    await rm(workDir, { recursive: true, force: true });
  }, 120_000);

  const get = (path: string, token: string) =>
    fetch(`${balancer.url}${path}`, { headers: { authorization: `Bearer ${token}` } });

  /** The job ids each worker's log says it started for a queue. */
  const startedJobs = (queue: string) =>
    workers.map((w) =>
      w
        .output()
        .split('\n')
        .filter((line) => line.includes(`"job":"${queue}"`) && line.includes('job started'))
        .map((line) => (JSON.parse(line) as { id: string }).id),
    );

  it('signs in through the own authentication service, and every instance accepts the token', async () => {
    const token = await signIn(balancer.url, 'user@example.com');
    const before = new Map(balancer.served);
    const answers = await Promise.all(Array.from({ length: 6 }, () => get('/api/v3/user', token)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const users = await Promise.all(answers.map((a) => a.json() as Promise<{ email: string }>));
    expect(new Set(users.map((u) => u.email))).toEqual(new Set(['user@example.com']));
    for (const api of apis) expect(balancer.served.get(api.url!)! - (before.get(api.url!) ?? 0)).toBe(2);
  });

  it('signs in through the built-in identity provider, each step on another instance', async () => {
    const cookies = new Map<string, string>();
    const browse = async (url: string, init: RequestInit = {}) => {
      const response = await fetch(new URL(url, balancer.url), {
        ...init,
        redirect: 'manual',
        headers: {
          ...(init.headers as Record<string, string>),
          cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        },
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      return response;
    };
    const redirectUri = `${balancer.url}/auth/callback`;
    const verifier = randomBytes(32).toString('base64url');
    const authorize = await browse(
      `/idp/auth?${new URLSearchParams({
        client_id: 'service-hub-web',
        response_type: 'code',
        redirect_uri: redirectUri,
        scope: 'openid offline_access',
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
        state: 'instances',
      })}`,
    );
    expect(authorize.status).toBe(303);
    const interaction = new URL(authorize.headers.get('location')!, balancer.url).pathname;
    const login = await browse(`${interaction}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'demo-password' }),
    });
    expect(login.status).toBe(200);
    const resumed = await browse(((await login.json()) as { redirectTo: string }).redirectTo);
    const callback = new URL(resumed.headers.get('location')!);
    expect(callback.searchParams.get('state')).toBe('instances');
    const tokens = await browse('/idp/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code')!,
        redirect_uri: redirectUri,
        client_id: 'service-hub-web',
        code_verifier: verifier,
      }).toString(),
    });
    expect(tokens.status).toBe(200);
    const { id_token: idToken } = (await tokens.json()) as { id_token: string };
    for (let i = 0; i < 3; i++) {
      const me = await get('/api/v3/user', idToken);
      expect(me.status).toBe(200);
      expect(((await me.json()) as { email: string }).email).toBe('admin@example.com');
    }
  });

  it('generates a report once, and tells its owner over a stream held by another instance', async () => {
    const token = await signIn(balancer.url, 'user@example.com');
    const me = (await (await get('/api/v3/user', token)).json()) as {
      customers: { id: number; name: string }[];
    };
    const account = me.customers.find((c) => c.name === 'Göta Bostäder AB')!;
    // The stream stays on the instance the balancer gave it; the order goes to the next one.
    const stream = await get('/api/notifications/stream', token);
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    let received = '';
    const heard = (text: string) =>
      (async () => {
        for (;;) {
          if (received.includes(text)) return true;
          const { value, done } = await reader.read();
          if (done) return false;
          received += new TextDecoder().decode(value);
        }
      })();

    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const ordered = await fetch(`${balancer.url}/api/reports?activeAccountId=${account.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ level: 'document', from: day(-60), to: day(0), language: 'en-SE' }),
    });
    expect(ordered.status).toBe(202);
    const { id } = (await ordered.json()) as { id: string };
    const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 60_000));
    expect(await Promise.race([heard(id), timeout])).toBe(true);
    expect(received).toContain('event: notification');
    await reader.cancel();

    const download = await get(`/api/reports/${id}/download?activeAccountId=${account.id}`, token);
    expect(download.status).toBe(200);
    expect((await download.text()).length).toBeGreaterThan(0);
    const runs = startedJobs('generate-report.v1').flat();
    expect(runs).toHaveLength(1);
    const { rows } = await postgres.db.$client.query<{ state: string }>(
      `SELECT state FROM pgboss.job WHERE name = 'generate-report.v1' AND data->>'reportId' = $1`,
      [id],
    );
    expect(rows).toEqual([{ state: 'completed' }]);

    // Nobody else hears of it: another user's notifications, on any instance.
    const admin = await signIn(balancer.url, 'admin@example.com');
    for (let i = 0; i < 3; i++) {
      expect(await (await get('/api/notifications', admin)).text()).not.toContain(id);
    }
  }, 120_000);

  it('runs a bulk import once, whichever instance is asked about it', async () => {
    const token = await signIn(balancer.url, 'sfadmin@example.com');
    const accounts = [
      'SE200101',
      'SE200102',
      'SE200103',
      'NO300101',
      'NO300102',
      'DK400101',
      'FI500101',
      'FI500102',
    ];
    const queued = await fetch(`${balancer.url}/api/customer-imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ accountNumbers: accounts }),
    });
    expect(queued.status).toBe(202);
    const { id } = (await queued.json()) as { id: string };
    let status = 'queued';
    for (let i = 0; i < 600 && status !== 'finished' && status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = ((await (await get(`/api/customer-imports/${id}`, token)).json()) as { status: string })
        .status;
    }
    expect(status).toBe('finished');
    const { rows } = await postgres.db.$client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM customers WHERE customer_number = ANY($1)',
      [accounts],
    );
    expect(rows[0]!.n).toBe(accounts.length);
    expect(startedJobs('import-customers.v1').flat()).toHaveLength(1);
  }, 120_000);

  it('shows every user only their own data, on every instance', async () => {
    const user = await signIn(balancer.url, 'user@example.com');
    const admin = await signIn(balancer.url, 'admin@example.com');
    const accountsOf = async (token: string) =>
      ((await (await get('/api/v3/user', token)).json()) as { customers: { id: number }[] }).customers.map(
        (c) => c.id,
      );
    const userAccounts = await accountsOf(user);
    const adminAccounts = await accountsOf(admin);
    const foreign = adminAccounts.find((id) => !userAccounts.includes(id));
    expect(foreign).toBeDefined();
    for (let i = 0; i < 3; i++) {
      expect(await accountsOf(user)).toEqual(userAccounts);
      const refused = await get(`/api/tracking/stt/documents?activeAccountId=${foreign}`, user);
      expect(refused.status).toBe(403);
      expect((await refused.json()) as { errorCode: string }).toMatchObject({ errorCode: 'FORBIDDEN' });
    }
  });
});
