import { chmod, copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A runnable nginx configuration around the shipped deploy/nginx files, in a folder of its own, for
 * `nginx -t` (nginx-config.test.ts) and for the instances test (load/proxy.ts). The shipped files
 * are used as they are, with two changes only: the plain server listens on the given loopback port
 * instead of 80, and logs go to the folder instead of /var/log/nginx. The main file holds only
 * what Debian's /etc/nginx/nginx.conf would (pid, events, temp folders).
 */
export type NginxConfig = {
  /** The main file, for `nginx -c`. */
  configFile: string;
  /** nginx's prefix (`-p`): the folder itself. */
  prefix: string;
  errorLog: string;
  accessLog: string;
};

const shipped = import.meta.dirname;
const isRoot = process.getuid?.() === 0;

/** The server lines written to service-hub/upstreams.conf, as upstreams.conf.example shows them. */
export function upstreamLines(upstreams: string[]): string {
  return upstreams.map((url) => `server ${new URL(url).host} max_fails=3 fail_timeout=10s;\n`).join('');
}

function replaceOnce(text: string, search: string | RegExp, replacement: string, what: string): string {
  const replaced = text.replace(search, replacement);
  if (replaced === text) throw new Error(`deploy/nginx/service-hub.conf no longer has ${what}`);
  return replaced;
}

export async function writeNginxConfig(options: {
  dir: string;
  port: number;
  upstreams: string[];
  /** Also the TLS server (service-hub/tls.conf) with this certificate and key, on `tlsPort`. */
  tls?: { certificate: string; key: string; port: number };
}): Promise<NginxConfig> {
  const { dir } = options;
  const logs = join(dir, 'logs');
  await mkdir(join(dir, 'service-hub'), { recursive: true });
  await mkdir(logs, { recursive: true });
  await mkdir(join(dir, 'temp'), { recursive: true });
  // As root, nginx's workers run as www-data: they must reach the temp folders (request bodies).
  if (isRoot) await chmod(dir, 0o755);
  await copyFile(join(shipped, 'service-hub', 'locations.conf'), join(dir, 'service-hub', 'locations.conf'));
  await writeFile(join(dir, 'service-hub', 'upstreams.conf'), upstreamLines(options.upstreams));

  let site = await readFile(join(shipped, 'service-hub.conf'), 'utf8');
  site = replaceOnce(site, /^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${options.port};`, 'listen 80');
  site = replaceOnce(site, /^\s*listen \[::\]:80;\n/m, '', 'listen [::]:80');
  site = site.replaceAll('/var/log/nginx/', `${logs}/`);
  if (options.tls) {
    site = replaceOnce(
      site,
      /^# include service-hub\/tls\.conf;$/m,
      'include service-hub/tls.conf;',
      'tls.conf',
    );
    let tls = await readFile(join(shipped, 'service-hub', 'tls.conf'), 'utf8');
    tls = tls.replace(/^\s*listen \[::\]:443 ssl http2;\n/m, '');
    tls = tls.replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${options.tls.port} ssl http2;`);
    tls = tls.replace(/ssl_certificate \S+;/, `ssl_certificate ${options.tls.certificate};`);
    tls = tls.replace(/ssl_certificate_key \S+;/, `ssl_certificate_key ${options.tls.key};`);
    tls = tls.replaceAll('/var/log/nginx/', `${logs}/`);
    await writeFile(join(dir, 'service-hub', 'tls.conf'), tls);
  }
  await writeFile(join(dir, 'service-hub.conf'), site);

  const temp = (name: string) => `${name}_temp_path ${join(dir, 'temp', name)};`;
  const configFile = join(dir, 'nginx.conf');
  await writeFile(
    configFile,
    [
      ...(isRoot ? ['user www-data;'] : []),
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(logs, 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      `  ${temp('client_body')}`,
      `  ${temp('proxy')}`,
      `  ${temp('fastcgi')}`,
      `  ${temp('uwsgi')}`,
      `  ${temp('scgi')}`,
      `  include ${join(dir, 'service-hub.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  return {
    configFile,
    prefix: `${dir}/`,
    errorLog: join(logs, 'error.log'),
    accessLog: join(logs, 'service-hub.access.log'),
  };
}

/** nginx's arguments for a configuration written by writeNginxConfig. */
export const nginxArgs = (config: NginxConfig) => [
  '-c',
  config.configFile,
  '-p',
  config.prefix,
  '-e',
  config.errorLog,
];

/** Debian's nginx binary (`apt-get install nginx`; .ci/run installs it). */
export const NGINX = '/usr/sbin/nginx';
