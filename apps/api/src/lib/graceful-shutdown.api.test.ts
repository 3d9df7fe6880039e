import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';

const FIXTURE = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'draining-server.ts');

type Server = { child: ChildProcess; url: string; output: () => string; exited: Promise<number | null> };

/** Starts the fixture server (the API with server.ts's shutdown) in its own process. */
async function startServer(databaseUrl: string, env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  for (let i = 0; i < 300 && !/listening \d+/.test(output); i++) {
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const port = /listening (\d+)/.exec(output)?.[1];
  if (!port) throw new Error(`the server did not start: ${output}`);
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

describe('[SYSTEM] SIGTERM drains, then exits', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('finishes a request in flight, refuses new connections, and exits 0', async () => {
    const server = await startServer(database.url, { RUN_JOBS: '1', SHUTDOWN_TIMEOUT_MS: '10000' });
    const inFlight = fetch(`${server.url}/api/test/slow`);
    await new Promise((r) => setTimeout(r, 300));
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));

    await expect(fetch(`${server.url}/api/ready`, { headers: { connection: 'close' } })).rejects.toThrow();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(server.output()).toContain('SIGTERM received');
  }, 60_000);

  it('exits (1) at the bound when a request never ends', async () => {
    const server = await startServer(database.url, { RUN_JOBS: '0', SHUTDOWN_TIMEOUT_MS: '2000' });
    const stuck = fetch(`${server.url}/api/test/forever`).catch(() => 'connection closed');
    await new Promise((r) => setTimeout(r, 300));
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    const waited = Date.now() - signalled;
    expect(waited).toBeGreaterThanOrEqual(1900);
    expect(waited).toBeLessThan(5000);
    expect(await stuck).toBe('connection closed');
    expect(server.output()).toContain('shutdown took too long');
  }, 60_000);
});
