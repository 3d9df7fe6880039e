import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to port 8080, the embedded database under ./.data and single sign-on', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      dataDir: './.data',
      useAuthService: 0,
      seedDemoData: true,
      environment: 'Development',
    });
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
});
