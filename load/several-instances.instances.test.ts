import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../apps/api/src/db/embedded-postgres.ts';
import { LiveStream } from '../apps/api/test/live-stream.ts';
import { signIn, startPostgres, startProcess, type HubProcess, type Postgres } from './hub.ts';
import { waitFor } from './kill-worker.ts';
import { startPgBouncer, type PgBouncer } from './pooler.ts';
import { startNginx, type Nginx } from './proxy.ts';

/**
 * `npm run test:instances`: the built API as 3 web processes (RUN_JOBS=0) and 2 queue workers, as
 * production runs them: behind nginx with the shipped configuration (deploy/nginx; round robin, so
 * consecutive requests of a flow reach other processes) and on PostgreSQL through PgBouncer in
 * transaction mode (DATABASE_URL), with LISTEN, job leases and migrations on the direct address
 * (DATABASE_LISTEN_URL). Nothing of a user's state may live in one process, and nothing may rely on
 * a database session outside a transaction.
 */
describe('[INSTANCES] 3 API processes and 2 workers behind nginx, through PgBouncer', () => {
  let workDir: string;
  let postgres: Postgres;
  let bouncer: PgBouncer;
  let nginx: Nginx;
  let publicUrl: string;
  const apis: HubProcess[] = [];
  const workers: HubProcess[] = [];

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'hub-instances-'));
    postgres = await startPostgres({ dataDir: join(workDir, 'pg'), database: 'instances', documents: 2000 });
    bouncer = await startPgBouncer({ databaseUrl: postgres.url });
    // One public address for all, nginx's: token issuers and links derive from it.
    const nginxPort = await freePort();
    publicUrl = `http://127.0.0.1:${nginxPort}`;
    const env = {
      PUBLIC_URL: publicUrl,
      DATABASE_LISTEN_URL: postgres.url,
      // One proxy in front: the client address is the one nginx puts in X-Forwarded-For.
      TRUST_PROXY: '1',
      REPORTS_DIR: join(workDir, 'reports'),
      ATTACHMENTS_DIR: join(workDir, 'attachments'),
    };
    const starting = await Promise.allSettled([
      ...[1, 2, 3].map((n) =>
        startProcess('server', {
          name: `api-${n}`,
          databaseUrl: bouncer.url,
          env: { ...env, RUN_JOBS: '0' },
        }),
      ),
      ...[1, 2].map((n) =>
        startProcess('worker', {
          name: `worker-${n}`,
          databaseUrl: bouncer.url,
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
    nginx = await startNginx({ upstreams: apis.map((api) => api.url!), port: nginxPort });
  }, 300_000);

  afterAll(async () => {
    await Promise.all([...apis, ...workers].map((p) => p.stop()));
    await nginx?.stop();
    await bouncer?.stop();
    await postgres?.close();
    await rm(workDir, { recursive: true, force: true });
  }, 120_000);

  const get = (path: string, token: string) =>
    fetch(`${publicUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });

  /**
   * The instance that served each answer, from nginx's access log: the API answers with nginx's
   * request id (X-Request-Id), and the log line with that id names the upstream. Lines are written
   * when a request ends, so this waits for them.
   */
  const servedBy = async (answers: Response[]) => {
    const ids = answers.map((a) => a.headers.get('x-request-id')!);
    const upstreams = await waitFor(
      'nginx to log the requests',
      async () => {
        const log = await nginx.accessLog();
        const found = ids.map((id) => new RegExp(`upstream=(\\S+) .*request_id=${id}$`, 'm').exec(log)?.[1]);
        return found.every((u) => u !== undefined) ? found : undefined;
      },
      10_000,
      50,
    );
    return upstreams.map((address) => apis.find((api) => api.url === `http://${address}`)?.name ?? address);
  };

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
    const token = await signIn(publicUrl, 'user@example.com');
    const answers: Response[] = [];
    for (let i = 0; i < 6; i++) answers.push(await get('/api/v3/user', token));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const users = await Promise.all(answers.map((a) => a.json() as Promise<{ email: string }>));
    expect(new Set(users.map((u) => u.email))).toEqual(new Set(['user@example.com']));
    // Round robin: six requests in a row, two on each instance.
    const served = await servedBy(answers);
    for (const api of apis) expect(served.filter((name) => name === api.name)).toHaveLength(2);
  });

  it('sees the client as nginx saw it (TRUST_PROXY=1), whatever X-Forwarded-For the client sends', async () => {
    // From another loopback address than nginx's own, with a forged header.
    const status = await new Promise<number>((resolve, reject) => {
      const body = JSON.stringify({ email: 'user@example.com', password: 'demo-password' });
      const sent = request(
        `${publicUrl}/api/auth/login`,
        {
          method: 'POST',
          localAddress: '127.0.0.2',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
        },
        (answer) => {
          answer.resume();
          resolve(answer.statusCode ?? 0);
        },
      );
      sent.once('error', reject);
      sent.end(body);
    });
    expect(status).toBe(200);
    const { rows } = await postgres.db.$client.query<{ ip_address: string }>(
      "SELECT ip_address FROM sign_in_attempts WHERE email = 'user@example.com' ORDER BY at DESC LIMIT 1",
    );
    expect(rows[0]!.ip_address).toBe('127.0.0.2');
  });

  it('answers what nginx refuses itself in the error shape: a body over the limit', async () => {
    const token = await signIn(publicUrl, 'user@example.com');
    const tooLarge = await fetch(`${publicUrl}/api/saved-views`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({
      status: 413,
      title: 'Payload Too Large',
      detail: 'The request is too large.',
      errorCode: 'VALIDATION_FAILED',
      requestId: tooLarge.headers.get('x-request-id'),
    });
  });

  it('signs in through the built-in identity provider, each step on another instance', async () => {
    const cookies = new Map<string, string>();
    const browse = async (url: string, init: RequestInit = {}) => {
      const response = await fetch(new URL(url, publicUrl), {
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
    const redirectUri = `${publicUrl}/auth/callback`;
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
    const interaction = new URL(authorize.headers.get('location')!, publicUrl).pathname;
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
    const token = await signIn(publicUrl, 'user@example.com');
    const me = (await (await get('/api/v3/user', token)).json()) as {
      customers: { id: number; name: string }[];
    };
    const account = me.customers.find((c) => c.name === 'Göta Bostäder AB')!;
    // The stream stays on the instance nginx gave it; the order goes to the next one.
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
    const ordered = await fetch(`${publicUrl}/api/reports?activeAccountId=${account.id}`, {
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
    const [streamedBy, orderedBy] = await servedBy([stream, ordered]);
    expect(streamedBy).not.toBe(orderedBy);

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
    const admin = await signIn(publicUrl, 'admin@example.com');
    for (let i = 0; i < 3; i++) {
      expect(await (await get('/api/notifications', admin)).text()).not.toContain(id);
    }
  }, 120_000);

  it('runs a bulk import once, whichever instance is asked about it', async () => {
    const token = await signIn(publicUrl, 'sfadmin@example.com');
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
    const queued = await fetch(`${publicUrl}/api/customer-imports`, {
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

  it('tells provider staff of a new support case, with an attachment, over a stream on another instance', async () => {
    const staff = await signIn(publicUrl, 'sfadmin@example.com');
    const user = await signIn(publicUrl, 'user@example.com');
    const me = (await (await get('/api/v3/user', user)).json()) as {
      customers: { id: number; name: string }[];
    };
    const account = me.customers.find((c) => c.name === 'Göta Bostäder AB')!;
    // Round robin: the stream on one instance, the case created on the next.
    const stream = await LiveStream.open(publicUrl, staff);
    try {
      // Over nginx's 1 MiB default: the support location lets messages with attachments through.
      const pdf = Buffer.concat([
        Buffer.from('%PDF-1.4\n'),
        Buffer.alloc(2 * 1024 * 1024, 0x20),
        Buffer.from('\n%%EOF\n'),
      ]);
      const form = new FormData();
      form.append('title', 'Letters printed with the wrong logo');
      form.append('description', 'The letters of file 4711 show the old logo.');
      form.append('category', 'print');
      form.append('subCategory', 'layout');
      form.append('attachments', new Blob([pdf], { type: 'application/pdf' }), 'letters.pdf');
      const created = await fetch(`${publicUrl}/api/v2/support/cases?activeAccountId=${account.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user}` },
        body: form,
      });
      expect(created.status).toBe(201);
      const { caseNumber } = (await created.json()) as { caseNumber: string };
      expect(await stream.shows(caseNumber, 20_000)).toBe(true);
      expect(stream.text).toContain('event: notification');
      await stream.close();
      const [streamedBy, createdBy] = await servedBy([stream.response, created]);
      expect(streamedBy).not.toBe(createdBy);
    } finally {
      await stream.close();
    }
  }, 60_000);

  it('shows every user only their own data, on every instance', async () => {
    const user = await signIn(publicUrl, 'user@example.com');
    const admin = await signIn(publicUrl, 'admin@example.com');
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
  // Last: it leaves one worker.
  it('finishes a report on the other worker when the one generating it is killed', async () => {
    const token = await signIn(publicUrl, 'user@example.com');
    const me = (await (await get('/api/v3/user', token)).json()) as {
      customers: { id: number; name: string }[];
    };
    const account = me.customers.find((c) => c.name === 'Göta Bostäder AB')!;
    // The report's rows are read joined to tracking_files, which a transaction here holds locked:
    // the worker claims the report and then waits in its COPY, mid-job, for as long as needed.
    // (Ordering counts tracking_documents only.) `npm run load -- --kill-worker` kills one mid-write.
    const blocker = new pg.Client(postgres.url);
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE tracking_files IN ACCESS EXCLUSIVE MODE');
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const ordered = await fetch(`${publicUrl}/api/reports?activeAccountId=${account.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ level: 'document', from: day(-90), to: day(0), language: 'sv' }),
      });
      expect(ordered.status).toBe(202);
      const { id } = (await ordered.json()) as { id: string };
      const { rows: queued } = await postgres.db.$client.query<{ id: string }>(
        `SELECT id FROM pgboss.job WHERE name = 'generate-report.v1' AND data->>'reportId' = $1`,
        [id],
      );
      // The workers whose log says they started this job (pino JSON lines).
      const startedBy = () =>
        workers.filter((w) =>
          w
            .output()
            .split('\n')
            .some((line) => line.includes(`"id":"${queued[0]!.id}"`) && line.includes('job started')),
        );
      await waitFor('the report to wait in its COPY', async () => {
        const { rows } = await postgres.db.$client.query(
          `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'COPY (SELECT%'`,
        );
        return rows.length > 0 ? true : undefined;
      });
      const [killed, ...others] = startedBy();
      expect(killed).toBeDefined();
      expect(others).toEqual([]);
      const { rows: before } = await postgres.db.$client.query<{ status: string }>(
        'SELECT status FROM reports WHERE id = $1',
        [id],
      );
      expect(before).toEqual([{ status: 'generating' }]);
      killed!.child.kill('SIGKILL');
      await killed!.exited;
      await blocker.query('ROLLBACK');

      // Its lease died with the worker's direct connection: the other worker retries the job.
      const final = await waitFor(
        'the report to be ready',
        async () => {
          const { rows } = await postgres.db.$client.query<{
            status: string;
            rows_written: number | null;
            row_count: number | null;
          }>('SELECT status, rows_written, row_count FROM reports WHERE id = $1', [id]);
          return rows[0]!.status === 'ready' || rows[0]!.status === 'failed' ? rows[0]! : undefined;
        },
        60_000,
        200,
      );
      expect(final.status).toBe('ready');
      expect(final.rows_written).toBe(final.row_count);
      const { rows: jobs } = await postgres.db.$client.query<{ state: string; retry_count: number }>(
        `SELECT state, retry_count FROM pgboss.job WHERE name = 'generate-report.v1' AND data->>'reportId' = $1`,
        [id],
      );
      expect(jobs).toHaveLength(1);
      expect(jobs[0]!.state).toBe('completed');
      expect(jobs[0]!.retry_count).toBeGreaterThanOrEqual(1);
      const survivor = workers.find((w) => w !== killed)!;
      expect(new Set(startedBy())).toEqual(new Set([killed, survivor]));
      const download = await get(`/api/reports/${id}/download?activeAccountId=${account.id}`, token);
      expect(download.status).toBe(200);
    } finally {
      await blocker.end();
    }
  }, 120_000);
});
