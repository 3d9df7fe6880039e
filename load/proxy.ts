import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../apps/api/src/db/embedded-postgres.ts';
import { NGINX, nginxArgs, writeNginxConfig } from '../deploy/nginx/nginx-config.ts';

/** nginx in front of API instances, with the shipped configuration (deploy/nginx). */
export type Nginx = {
  /** The public address: PUBLIC_URL of the instances behind it. */
  url: string;
  /** The access log so far (log_format service_hub: `upstream=<address>` per request). */
  accessLog: () => Promise<string>;
  output: () => string;
  stop: () => Promise<void>;
};

/** Waits until something accepts TCP connections on the port, or `failed` says it never will. */
export async function waitForPort(port: number, failed: () => string | undefined, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const reason = failed();
    if (reason) throw new Error(reason);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Debian's nginx (`/usr/sbin/nginx`, installed by .ci/run) as a process of its own on a free
 * loopback port, with its configuration, pid, logs and temp files in a temporary folder: the
 * shipped deploy/nginx files, with `upstreams` (API base URLs) as the upstream list.
 */
export async function startNginx(options: {
  upstreams: string[];
  /** A port chosen beforehand (the instances' PUBLIC_URL names it before nginx starts); a free one by default. */
  port?: number;
}): Promise<Nginx> {
  if (!existsSync(NGINX)) throw new Error('nginx is not installed: apt-get install nginx (.ci/run does)');
  const dir = await mkdtemp(join(tmpdir(), 'hub-nginx-'));
  const port = options.port ?? (await freePort());
  const config = await writeNginxConfig({ dir, port, upstreams: options.upstreams });
  const child = spawn(NGINX, [...nginxArgs(config), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let spawnError: Error | undefined;
  child.once('error', (error) => (spawnError = error));
  const exited = once(child, 'exit').catch(() => undefined);
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    // Fast shutdown: open event streams would hold up a graceful one (SIGQUIT).
    if (child.exitCode === null && child.signalCode === null && !spawnError) {
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(port, () =>
      spawnError || child.exitCode !== null
        ? `nginx did not start: ${String(spawnError ?? '')} ${output}`
        : undefined,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    accessLog: () => readFile(config.accessLog, 'utf8'),
    output: () => output,
    stop,
  };
}
