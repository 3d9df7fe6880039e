import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { freePort } from '../../../api/src/db/embedded-postgres.ts';
import {
  EXTERNAL_ACCOUNTS,
  EXTERNAL_CLIENT_ID,
  TOKEN_LIFETIME_SECONDS,
  type ExternalIdp,
  type ExternalLogin,
} from './external-idp.ts';

/** Where Debian's glewlwyd package (2.7.5 in Debian 12) puts what a test instance needs. */
const PACKAGE = {
  program: '/usr/bin/glewlwyd',
  config: '/etc/glewlwyd/glewlwyd.conf',
  webapp: '/usr/share/glewlwyd/webapp',
  // The package's webapp/config.json links to /etc/glewlwyd/config-2.7.json, which Debian 12's
  // package installs as a folder holding config.json: the login page cannot load it as shipped.
  webappConfig: '/usr/share/glewlwyd/templates/config.json',
  schema: '/usr/share/dbconfig-common/data/glewlwyd/install/sqlite3',
  adminScript: '/usr/share/glewlwyd/webapp/admin.js',
};
/** The administrator the package's database script creates (Glewlwyd's documented first login). */
const INITIAL_ADMIN = { username: 'admin', password: 'password' };
/** The plugin instance's name, which is the path of its endpoints: {url}/api/oidc/… */
const PLUGIN = 'oidc';

/** Each person's password at Glewlwyd: typed on its login form. */
const passwordOf = (login: ExternalLogin) => `${login}-at-glewlwyd-7`;

const isGlewlwydInstalled = () => {
  try {
    execFileSync(PACKAGE.program, ['--version'], { stdio: 'ignore' });
    execFileSync('sqlite3', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/**
 * The parameters Glewlwyd's own administration page fills a new OpenID Connect plugin instance
 * with (its `updateWithDefaultParameters` defaults, read from the installed admin.js), so that the
 * test changes only what an administrator following docs/sign-in.md would.
 */
function oidcPluginDefaults(): Record<string, unknown> {
  const script = readFileSync(PACKAGE.adminScript, 'utf8');
  const start = script.indexOf('{"oauth-as-iss-id":');
  if (start < 0) throw new Error(`no OIDC plugin defaults in ${PACKAGE.adminScript}`);
  let depth = 0;
  let quote: string | undefined;
  let end = start;
  for (; end < script.length; end++) {
    const character = script[end]!;
    if (quote) {
      if (character === '\\') end++;
      else if (character === quote) quote = undefined;
    } else if (character === '"' || character === "'") quote = character;
    else if (character === '{') depth++;
    else if (character === '}' && --depth === 0) break;
  }
  // A minified object literal (`!0` for true, unquoted keys): JavaScript, not JSON.
  return new Function(`return ${script.slice(start, end + 1)}`)() as Record<string, unknown>;
}

/** The package's own configuration file, with only what a second instance on this machine must change. */
function instanceConfig(port: number, url: string, folder: string): string {
  const replacements: [RegExp, string][] = [
    [/^port=.*$/m, `port=${port}`],
    [/^#?bind_address=.*$/m, 'bind_address="127.0.0.1"'],
    [/^external_url=.*$/m, `external_url="${url}"`],
    [/^# static_files_path=.*$/m, `static_files_path="${join(folder, 'webapp')}/"`],
    [/^log_mode=.*$/m, 'log_mode="console"'],
    [/^log_level=.*$/m, 'log_level="WARNING"'],
    [
      /^@include "\/etc\/glewlwyd\/glewlwyd-db.conf"$/m,
      `database = {\n  type = "sqlite3"\n  path = "${join(folder, 'glewlwyd.db')}"\n};`,
    ],
  ];
  return replacements.reduce(
    (text, [pattern, replacement]) => {
      if (!pattern.test(text)) throw new Error(`${PACKAGE.config} has no line ${pattern}`);
      return text.replace(pattern, replacement);
    },
    readFileSync(PACKAGE.config, 'utf8'),
  );
}

/** A cookie-keeping client of Glewlwyd's administration API, signed in as its first administrator. */
async function adminApi(url: string) {
  let cookie = '';
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) cookie = setCookie.split(';')[0]!;
    const text = await response.text();
    if (!response.ok) throw new Error(`Glewlwyd ${method} ${path}: ${response.status} ${text}`);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  await call('POST', '/auth/', INITIAL_ADMIN);
  return call;
}

/**
 * Glewlwyd from Debian's package as a customer's identity provider: its own process, database
 * (SQLite, from the package's script) and login pages, configured through its administration API
 * with the administration page's defaults (RS256 signing, pairwise subjects, refresh tokens for
 * every code grant, never rotated) and only these changes, each of which docs/sign-in.md names:
 * PKCE allowed (off by default; the Hub always sends it), session management on (the
 * end_session_endpoint for logout at both ends), the `email` and `name` claims for the scopes
 * `email` and `profile`, an `email_verified` claim from a user property (Glewlwyd has none of its
 * own), the client property its logout reads (`post_logout_redirect_uris`), and a short token
 * lifetime (default 3600 s) so that renewal over two lifetimes fits in a test.
 */
export async function glewlwydIdp({ host = 'localhost' } = {}): Promise<ExternalIdp> {
  const port = await freePort();
  const url = `http://${host}:${port}`;
  const issuer = `${url}/api/${PLUGIN}`;
  const events: ExternalIdp['events'] = {
    refreshed: 0,
    grantErrors: [],
    grantsRevoked: 0,
    tokenRequests: [],
  };
  let folder: string | undefined;
  let server: ChildProcess | undefined;

  const start = async (hubUrl: string) => {
    if (!isGlewlwydInstalled())
      throw new Error('Glewlwyd is not installed: apt-get install glewlwyd sqlite3 (as .ci/run does)');
    folder = mkdtempSync(join(tmpdir(), 'glewlwyd-'));
    // Glewlwyd serves its login pages itself from a folder of real files (it refuses symbolic links).
    cpSync(PACKAGE.webapp, join(folder, 'webapp'), {
      recursive: true,
      dereference: true,
      filter: (source) => source !== join(PACKAGE.webapp, 'config.json'),
    });
    cpSync(PACKAGE.webappConfig, join(folder, 'webapp', 'config.json'));
    execFileSync('sqlite3', [join(folder, 'glewlwyd.db')], { input: readFileSync(PACKAGE.schema) });
    writeFileSync(join(folder, 'glewlwyd.conf'), instanceConfig(port, url, folder));

    const output: string[] = [];
    server = spawn(PACKAGE.program, ['-c', join(folder, 'glewlwyd.conf')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    // Ready once it serves its own pages.
    for (let waited = 0; ; waited += 100) {
      if (server.exitCode !== null || waited > 15_000)
        throw new Error(`Glewlwyd did not start (exit code ${server.exitCode}):\n${output.join('')}`);
      const answered = await fetch(`${url}/config.json`).then(
        (response) => response.ok,
        () => false,
      );
      if (answered) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const admin = await adminApi(url);
    // Scopes are Glewlwyd's own objects; a user is asked to grant each to the client once.
    await admin('POST', '/scope/', {
      name: 'profile',
      display_name: 'Name',
      description: 'Your name',
      password_required: false,
      scheme: {},
    });
    await admin('POST', '/scope/', {
      name: 'email',
      display_name: 'E-mail address',
      description: 'Your e-mail address',
      password_required: false,
      scheme: {},
    });
    // The database backend keeps only the user properties its data format names.
    const users = await admin('GET', '/mod/user/database');
    const parameters = users.parameters as { 'data-format': Record<string, unknown> };
    parameters['data-format'].email_verified = {
      multiple: false,
      read: true,
      write: true,
      'profile-read': true,
      'profile-write': false,
    };
    await admin('PUT', '/mod/user/database', users);
    await admin('PUT', '/mod/user/database/reset');
    // Glewlwyd 2.7's administration page and client backend name the logout address
    // `post_logout_redirect_uri`, but its end_session endpoint reads `post_logout_redirect_uris`:
    // without this property it never returns to the Hub after logout.
    const clients = await admin('GET', '/mod/client/database');
    (clients.parameters as { 'data-format': Record<string, unknown> })[
      'data-format'
    ].post_logout_redirect_uris = {
      multiple: true,
      read: true,
      write: true,
    };
    await admin('PUT', '/mod/client/database', clients);
    await admin('PUT', '/mod/client/database/reset');

    const { privateKey, publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    await admin('POST', '/mod/plugin/', {
      module: 'oidc',
      name: PLUGIN,
      display_name: 'OpenID Connect',
      enabled: true,
      parameters: {
        ...oidcPluginDefaults(),
        iss: issuer,
        key: privateKey,
        cert: publicKey,
        // Default 3600 s; ID tokens live as long as access tokens.
        'access-token-duration': TOKEN_LIFETIME_SECONDS,
        'pkce-allowed': true,
        'session-management-allowed': true,
        'name-claim-scope': ['profile'],
        'email-claim': 'on-demand',
        'email-claim-scope': ['email'],
        claims: [
          {
            name: 'email_verified',
            'user-property': 'email_verified',
            type: 'boolean',
            'boolean-value-true': 'yes',
            'boolean-value-false': 'no',
            mandatory: false,
            'on-demand': false,
            scope: ['email'],
          },
        ],
      },
    });
    // A public client: no secret, authorization code with PKCE and refresh tokens.
    await admin('POST', '/client/', {
      client_id: EXTERNAL_CLIENT_ID,
      name: 'Service Hub',
      enabled: true,
      confidential: false,
      redirect_uri: [`${hubUrl}/auth/callback`, `${hubUrl}/auth/silent-callback`],
      post_logout_redirect_uris: [`${hubUrl}/auth/signed-out`],
      authorization_type: ['code', 'refresh_token'],
      scope: [],
    });
    for (const [login, account] of Object.entries(EXTERNAL_ACCOUNTS)) {
      await admin('POST', '/user/', {
        username: login,
        password: passwordOf(login as ExternalLogin),
        name: account.name,
        email: account.email,
        email_verified: account.email_verified ? 'yes' : 'no',
        enabled: true,
        scope: ['openid', 'profile', 'email'],
      });
    }
  };

  const stop = async () => {
    const running = server;
    server = undefined;
    if (running && running.exitCode === null) {
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    }
    if (folder) rmSync(folder, { recursive: true, force: true });
    folder = undefined;
  };

  /**
   * Glewlwyd reports nothing to the test, so its token endpoint's answers are recorded where they
   * arrive: in the browser, the only client that ever calls it.
   */
  const watch = (context: BrowserContext) => {
    const lastCharacters = (token: unknown) => (typeof token === 'string' ? `…${token.slice(-6)}` : '-');
    context.on('response', (response) => {
      const request = response.request();
      if (request.method() !== 'POST' || request.url() !== `${issuer}/token`) return;
      const sent = new URLSearchParams(request.postData() ?? '');
      void response
        .json()
        .then((body: { refresh_token?: string; error?: string; error_description?: string }) => {
          const grantType = sent.get('grant_type');
          if (grantType === 'refresh_token' && response.ok()) events.refreshed += 1;
          if (body.error) events.grantErrors.push(`${body.error}: ${body.error_description ?? ''}`);
          // A refresh token Glewlwyd no longer accepts: the grant it stood for is gone.
          if (grantType === 'refresh_token' && body.error === 'invalid_grant') events.grantsRevoked += 1;
          events.tokenRequests.push(
            `${new Date().toISOString().slice(11, 23)} ${grantType} ${lastCharacters(sent.get('refresh_token'))}` +
              ` → ${response.status()} ${body.error ? body.error : lastCharacters(body.refresh_token)}`,
          );
        })
        .catch(() => undefined);
    });
  };

  return { issuer, events, start, stop, watch };
}

/** Signs in on Glewlwyd's own login page like a person would. */
export async function signInAtGlewlwyd(page: Page, idp: ExternalIdp, login: ExternalLogin) {
  const origin = new URL(idp.issuer).origin;
  await page.waitForURL((url) => url.origin === origin && url.pathname === '/login.html');
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Password').fill(passwordOf(login));
  await page.getByRole('button', { name: 'OK' }).click();
  // Then Glewlwyd asks, before it returns to the Hub: the first time with its grant page (tick the
  // scopes, grant), every time with its Continue button.
  const grant = page.getByRole('button', { name: 'Grant access' });
  const proceed = page.getByRole('button', { name: 'Continue' });
  const question = page.getByRole('heading', { name: /^(Client access grant|Connection to Service Hub)$/ });
  const leaves = () => page.waitForURL((url) => url.origin !== origin);
  await Promise.race([question.waitFor(), leaves()]);
  if (new URL(page.url()).origin === origin) {
    if (await grant.isVisible()) {
      for (const scope of await page.locator('input[type=checkbox][id^=grant-]:not([disabled])').all())
        await scope.check();
      await grant.click();
    }
    await proceed.click();
  }
  await leaves();
}
