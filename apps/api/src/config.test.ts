import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to port 8080, the embedded database under ./.data and single sign-on', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      useAuthService: 0,
      seedDemoData: true,
      environment: 'Development',
    });
  });

  it('takes DATABASE_LISTEN_URL as the direct address beside a pooled DATABASE_URL', () => {
    const pooled = 'postgres://hub:secret@pgbouncer:6432/hub';
    const direct = 'postgres://hub:secret@db:5432/hub';
    expect(loadConfig({ DATABASE_URL: pooled }).databaseListenUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: pooled, DATABASE_LISTEN_URL: direct }).databaseListenUrl).toBe(direct);
    // The same address twice is a direct DATABASE_URL.
    expect(
      loadConfig({ DATABASE_URL: direct, DATABASE_LISTEN_URL: direct }).databaseListenUrl,
    ).toBeUndefined();
    expect(() => loadConfig({ DATABASE_URL: pooled, DATABASE_LISTEN_URL: 'the database' })).toThrow(
      /DATABASE_LISTEN_URL/,
    );
    expect(() => loadConfig({ DATABASE_LISTEN_URL: direct })).toThrow(
      /DATABASE_LISTEN_URL: only with DATABASE_URL/,
    );
  });

  it('listens on loopback outside production unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('localhost');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('localhost');
    expect(loadConfig({ NODE_ENV: 'production' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
    // So the development outbox can be opened without naming a loopback HOST as well.
    expect(loadConfig({ HUB_DEV_OUTBOX: 'open' }).devOutbox).toBe('anyone-on-loopback');
  });

  it('keeps the embedded database in the repository’s .data folder unless HUB_DATA_DIR says otherwise', () => {
    expect(loadConfig({}).dataDir).toMatch(/\/\.data$/);
    expect(loadConfig({}).dataDir).not.toContain('apps');
    expect(loadConfig({ HUB_DATA_DIR: 'pg', INIT_CWD: '/srv/hub' }).dataDir).toBe('/srv/hub/pg');
    expect(loadConfig({ HUB_DATA_DIR: '/var/lib/hub' }).dataDir).toBe('/var/lib/hub');
  });

  it('reads USE_AUTH_SERVICE as an integer', () => {
    expect(loadConfig({ USE_AUTH_SERVICE: '1' }).useAuthService).toBe(1);
    expect(loadConfig({ USE_AUTH_SERVICE: '' }).useAuthService).toBe(0);
    expect(() => loadConfig({ USE_AUTH_SERVICE: 'yes' })).toThrow(/USE_AUTH_SERVICE/);
  });

  it('never seeds demo users in production, and HUB_SEED=0 turns seeding off', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemoData).toBe(false);
    expect(loadConfig({ HUB_SEED: '0' }).seedDemoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).environment).toBe('Production');
  });

  it('collects the external service addresses and rejects malformed ones', () => {
    expect(loadConfig({ EXTERNAL_URL_JIR: 'https://tickets.example.com' }).externalServices).toEqual({
      JIR: 'https://tickets.example.com',
    });
    expect(() => loadConfig({ EXTERNAL_URL_EA: 'not a url' })).toThrow();
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('trusts no proxy unless TRUST_PROXY names a hop count or the proxies’ addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,fd00::/8, loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses to start on a TRUST_PROXY it cannot read, “true” included', () => {
    for (const value of [
      'true',
      'yes',
      '-1',
      '1.5',
      '10.0.0.300',
      '10.0.0.0/33',
      'fd00::/129',
      '10.0.0.1,',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
  });

  it('asks an external provider for the standard scopes and links by verified e-mail unless told otherwise', () => {
    const config = loadConfig({ OIDC_ISSUER: 'https://idp.example.com/realms/hub' });
    expect(config).toMatchObject({
      oidcScopes: 'openid profile email offline_access',
      oidcUserClaim: 'email',
      oidcTokenType: 'id_token',
      oidcAudience: 'service-hub-web',
    });
    expect(loadConfig({ OIDC_SCOPES: '  openid   email ' }).oidcScopes).toBe('openid email');
    expect(() => loadConfig({ OIDC_SCOPES: 'profile email' })).toThrow(/OIDC_SCOPES: must include openid/);
    expect(() => loadConfig({ OIDC_USER_CLAIM: 'name' })).toThrow(/OIDC_USER_CLAIM/);
    expect(config.oidcPrompt).toBeUndefined();
    expect(loadConfig({ OIDC_PROMPT: ' consent ' }).oidcPrompt).toBe('consent');
    // prompt=none would make every sign-in fail where the user has to type something.
    expect(() => loadConfig({ OIDC_PROMPT: 'none' })).toThrow(/OIDC_PROMPT/);
  });

  it('takes OIDC_AUDIENCE for access tokens only: an ID token’s audience is the client', () => {
    const issuer = {
      OIDC_ISSUER: 'https://idp.example.com',
      OIDC_CLIENT_ID: 'hub',
      OIDC_AUDIENCE: 'api://hub',
    };
    expect(loadConfig(issuer).oidcAudience).toBe('hub');
    expect(loadConfig({ ...issuer, OIDC_TOKEN_TYPE: 'access_token' }).oidcAudience).toBe('api://hub');
    expect(() => loadConfig({ OIDC_TOKEN_TYPE: 'access_token' })).toThrow(/needs an external OIDC_ISSUER/);
  });

  it('refuses a client secret instead of ignoring it: the web app is a public client with PKCE', () => {
    expect(() => loadConfig({ OIDC_CLIENT_SECRET: 's3cret' })).toThrow(/OIDC_CLIENT_SECRET: not used/);
    expect(loadConfig({ OIDC_CLIENT_SECRET: '' }).oidcClientId).toBe('service-hub-web');
  });

  it('serves metrics only with a long token, or on a loopback listener of their own', () => {
    const token = 'm'.repeat(32);
    expect(loadConfig({}).metrics).toEqual({ token: undefined, listener: undefined });
    expect(loadConfig({ METRICS_TOKEN: token }).metrics).toEqual({ token, listener: undefined });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics.listener).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    // Reachable from elsewhere: only with the token.
    expect(() => loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toThrow(
      /METRICS_HOST: other than loopback only with METRICS_TOKEN/,
    );
    expect(
      loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: token }).metrics,
    ).toEqual({
      token,
      listener: { port: 9464, host: '0.0.0.0' },
    });
  });
});
