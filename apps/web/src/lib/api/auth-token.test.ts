import { describe, expect, it } from 'vitest';
import { secondsLeft } from './auth-token';

const jwt = (payload: object) => `e30.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;

describe('secondsLeft', () => {
  it('reads the expiry of a JWT', () => {
    const left = secondsLeft(jwt({ exp: Math.floor(Date.now() / 1000) + 120 }));
    expect(left).toBeGreaterThan(115);
    expect(left).toBeLessThanOrEqual(120);
    expect(secondsLeft(jwt({ exp: Math.floor(Date.now() / 1000) - 5 }))).toBeLessThan(0);
  });

  it('answers undefined for anything that is not a readable JWT', () => {
    expect(secondsLeft('not-a-token')).toBeUndefined();
    expect(secondsLeft(jwt({ sub: 'x' }))).toBeUndefined();
  });
});
