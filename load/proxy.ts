import { existsSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../apps/api/src/db/embedded-postgres.ts';
import { NGINX, nginxArgs, writeNginxConfig } from '../deploy/nginx/nginx-config.ts';
import { startDaemon } from './daemon.ts';

/** nginx in front of API instances, with the shipped configuration (deploy/nginx). */
export type Nginx = {
  /** The public address: PUBLIC_URL of the instances behind it. */
  url: string;
  /** The access log so far (log_format service_hub: `upstream=<address>` per request). */
  accessLog: () => Promise<string>;
  output: () => string;
  stop: () => Promise<void>;
};

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
  // Fast shutdown (SIGTERM): open event streams would hold up a graceful one (SIGQUIT).
  const daemon = await startDaemon({
    name: 'nginx',
    command: NGINX,
    args: [...nginxArgs(config), '-g', 'daemon off;'],
    port,
    stopSignal: 'SIGTERM',
    dir,
  });
  return {
    url: `http://127.0.0.1:${port}`,
    accessLog: () => readFile(config.accessLog, 'utf8'),
    ...daemon,
  };
}
