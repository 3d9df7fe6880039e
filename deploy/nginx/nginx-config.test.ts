import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../apps/api/src/config.ts';
import { freePort } from '../../apps/api/src/db/embedded-postgres.ts';
import { startNginx } from '../../load/proxy.ts';
import { NGINX, nginxArgs, writeNginxConfig } from './nginx-config.ts';

const run = promisify(execFile);

/**
 * The shipped nginx configuration (deploy/nginx) as nginx itself reads it: `nginx -t` with a
 * generated upstream list and the TLS server switched on with a throw-away certificate, and a
 * running nginx's own answers. nginx is Debian's (.ci/run installs it); without it this fails
 * rather than passing unseen.
 */
describe('deploy/nginx', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hub-nginx-test-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is accepted by `nginx -t`, plain and with TLS', async () => {
    expect(existsSync(NGINX), 'nginx is not installed: apt-get install nginx (.ci/run does)').toBe(true);
    const certificate = join(dir, 'cert.pem');
    const key = join(dir, 'key.pem');
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=hub.test',
      '-keyout',
      key,
      '-out',
      certificate,
    ]);
    const config = await writeNginxConfig({
      dir,
      port: 18080,
      upstreams: ['http://127.0.0.1:18081', 'http://127.0.0.1:18082'],
      tls: { certificate, key, port: 18443 },
    });
    const { stderr } = await run(NGINX, [...nginxArgs(config), '-t']);
    expect(stderr).toContain('test is successful');
    // The generated pieces are the ones nginx read: the upstream list and the TLS server.
    expect(await readFile(join(dir, 'service-hub', 'upstreams.conf'), 'utf8')).toBe(
      'server 127.0.0.1:18081 max_fails=3 fail_timeout=10s;\nserver 127.0.0.1:18082 max_fails=3 fail_timeout=10s;\n',
    );
    expect(await readFile(join(dir, 'service-hub.conf'), 'utf8')).toMatch(
      /^include service-hub\/tls\.conf;$/m,
    );
  });

  it('answers in the API’s error shape when no instance answers, and when a body is too large; never serves /metrics', async () => {
    // An upstream that refuses every connection: nginx's own 502 becomes the API's outage answer.
    const nginx = await startNginx({ upstreams: [`http://127.0.0.1:${await freePort()}`] });
    try {
      const down = await fetch(`${nginx.url}/api/v3/user`);
      expect(down.status).toBe(503);
      expect(down.headers.get('retry-after')).toBe('5');
      expect(await down.json()).toEqual({
        status: 503,
        title: 'Service Unavailable',
        detail: 'The service is briefly unavailable. Please try again in a moment.',
        errorCode: 'SERVICE_UNAVAILABLE',
        requestId: down.headers.get('x-request-id'),
      });
      const tooLarge = await fetch(`${nginx.url}/api/ingest/tracking`, {
        method: 'POST',
        body: 'x'.repeat(9 * 1024 * 1024),
      });
      expect(tooLarge.status).toBe(413);
      expect(await tooLarge.json()).toMatchObject({ status: 413, errorCode: 'VALIDATION_FAILED' });
      // The metrics never leave through the proxy, token or not: nginx answers without an instance.
      const metrics = await fetch(`${nginx.url}/metrics`, {
        headers: { authorization: 'Bearer x'.repeat(8) },
      });
      expect(metrics.status).toBe(404);
    } finally {
      await nginx.stop();
    }
  });

  it('lets through the largest support message the API accepts by default', async () => {
    const locations = await readFile(join(import.meta.dirname, 'service-hub', 'locations.conf'), 'utf8');
    const support = /location ~ \^\/api\/\(v2\/support\/cases[^{]*\{[^}]*client_max_body_size (\d+)m;/.exec(
      locations,
    );
    expect(support).not.toBeNull();
    const { maxFiles, maxFileSizeMb } = loadConfig({}).attachments;
    // Files plus 20 text fields of 64 KiB (upload.ts), in MiB.
    const largest = maxFiles * maxFileSizeMb + (20 * 64) / 1024;
    expect(Number(support![1])).toBeGreaterThanOrEqual(largest);
    // And the default body limit is the API's (1 MiB, bodyLimit in app.ts).
    expect(locations).toMatch(/^client_max_body_size 1m;$/m);
  });
});
