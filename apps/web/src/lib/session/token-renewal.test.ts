import { describe, expect, it } from 'vitest';
import { renewalDueAt, renewalNeed, tokenTimes } from './token-renewal';

const jwt = (payload: object) => `e30.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;

describe('renewalNeed', () => {
  const hour = { issuedAt: 1_000, expiresAt: 4_600 };
  const twentySeconds = { issuedAt: 1_000, expiresAt: 1_020 };

  it('starts renewing after 60 % of the lifetime, whatever the lifetime', () => {
    expect(renewalDueAt(hour)).toBe(3_160);
    expect(renewalNeed(hour, 3_159)).toBe('none');
    expect(renewalNeed(hour, 3_160)).toBe('background');
    expect(renewalDueAt(twentySeconds)).toBe(1_012);
    expect(renewalNeed(twentySeconds, 1_011)).toBe('none');
    expect(renewalNeed(twentySeconds, 1_012)).toBe('background');
  });

  it('makes calls wait only in the last tenth of the lifetime (at least 3 s)', () => {
    expect(renewalNeed(hour, 4_239)).toBe('background');
    expect(renewalNeed(hour, 4_240)).toBe('before-use');
    expect(renewalNeed(twentySeconds, 1_016)).toBe('background');
    expect(renewalNeed(twentySeconds, 1_017)).toBe('before-use');
    expect(renewalNeed(twentySeconds, 5_000)).toBe('before-use');
  });
});

describe('tokenTimes', () => {
  it('reads iat and exp, and assumes five minutes without iat', () => {
    expect(tokenTimes(jwt({ iat: 10, exp: 70 }))).toEqual({ issuedAt: 10, expiresAt: 70 });
    expect(tokenTimes(jwt({ exp: 1_000 }))).toEqual({ issuedAt: 700, expiresAt: 1_000 });
  });

  it('answers undefined for what it cannot read', () => {
    expect(tokenTimes('opaque-access-token')).toBeUndefined();
    expect(tokenTimes(jwt({ iat: 10 }))).toBeUndefined();
    expect(tokenTimes(jwt({ iat: 70, exp: 10 }))).toBeUndefined();
  });
});
