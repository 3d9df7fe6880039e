import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { checkWebhookUrl, isBlockedAddress, type AddressPolicy } from './webhook-address-policy.ts';

const policy = (allowLoopback = false): AddressPolicy => ({
  allowLoopback,
  resolve: async (host) => {
    if (host === 'erp.example.com') return [{ address: '93.184.215.14', family: 4 }];
    if (host === 'split.example.com')
      return [
        { address: '93.184.215.14', family: 4 },
        { address: 'fd12::1', family: 6 },
      ];
    throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
  },
});

describe('isBlockedAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.0.1',
    '100.64.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '224.0.0.251',
    '255.255.255.255',
    '::1',
    '::',
    'fd00:ec2::254',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a00:1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::a9fe:a9fe',
    '2002:a9fe:a9fe::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    'not an address',
  ])('refuses %s', (address) => expect(isBlockedAddress(address, false)).toBe(true));

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'lets %s through',
    (address) => expect(isBlockedAddress(address, false)).toBe(false),
  );

  it('lets loopback through only where the installation allows it, and nothing else private', () => {
    expect(isBlockedAddress('127.0.0.1', true)).toBe(false);
    expect(isBlockedAddress('::1', true)).toBe(false);
    expect(isBlockedAddress('10.0.0.1', true)).toBe(true);
    expect(isBlockedAddress('::ffff:127.0.0.1', true)).toBe(true);
  });
});

describe('checkWebhookUrl', () => {
  it('refuses a name with any private address among its answers, and a name that does not resolve', async () => {
    expect(await checkWebhookUrl('https://erp.example.com/hook', policy())).toBeUndefined();
    expect(await checkWebhookUrl('https://split.example.com/hook', policy())).toBe('blockedAddress');
    expect(await checkWebhookUrl('https://nowhere.example.com/hook', policy())).toBe('unresolvable');
    expect(await checkWebhookUrl('https://metadata.google.internal/', policy())).toBe('blockedAddress');
  });

  it('takes plain http only to loopback, and only where allowed', async () => {
    expect(await checkWebhookUrl('http://erp.example.com/hook', policy(true))).toBe('notHttps');
    expect(await checkWebhookUrl('http://127.0.0.1:9000/hook', policy(false))).toBe('notHttps');
    expect(await checkWebhookUrl('http://127.0.0.1:9000/hook', policy(true))).toBeUndefined();
  });
});

describe('WEBHOOKS_ALLOW_LOOPBACK', () => {
  it('is refused in production and off by default', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', WEBHOOKS_ALLOW_LOOPBACK: '1' })).toThrow(
      /WEBHOOKS_ALLOW_LOOPBACK: never in production/,
    );
    expect(loadConfig({ NODE_ENV: 'test' }).webhooks).toEqual({ dispatch: true, allowLoopback: false });
    expect(loadConfig({ RUN_JOBS: '0', WEBHOOKS_ALLOW_LOOPBACK: '1' }).webhooks).toEqual({
      dispatch: false,
      allowLoopback: true,
    });
    expect(loadConfig({ RUN_JOBS: '0', WEBHOOK_DISPATCHER: '1' }).webhooks.dispatch).toBe(true);
  });
});
