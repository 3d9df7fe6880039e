import { describe, expect, it } from 'vitest';
import { ZInviteByEmailRequest, ZSignInRequest, ZUpdateCurrentUserRequest } from './auth.ts';
import { ZCustomerIdParam } from './customers.ts';
import { hasInvalidCharacters, quotable } from './fields.ts';

const codesOf = (result: { error?: { issues: object[] } }) =>
  result.error?.issues.map((issue) => ('params' in issue ? (issue.params as { code?: string }) : {}).code);

describe('text fields', () => {
  it('refuse U+0000 and unpaired surrogates, and accept every character a person types', () => {
    expect(hasInvalidCharacters('a\u0000b')).toBe(true);
    expect(hasInvalidCharacters('Anna \uD83D')).toBe(true);
    expect(hasInvalidCharacters('\uDE00 Anna')).toBe(true);
    expect(hasInvalidCharacters('Åsa Öberg-Østergård 😀 ﬁ\t')).toBe(false);
  });

  it('give the code invalidCharacters in request schemas', () => {
    const login = ZSignInRequest.safeParse({ email: 'a\u0000b@x.se', password: 'secret' });
    expect(codesOf(login)).toEqual(['invalidCharacters']);
    const profile = ZUpdateCurrentUserRequest.safeParse({
      firstName: 'An\uD800na',
      lastName: 'Berg',
      language: 'sv',
    });
    expect(codesOf(profile)).toEqual(['invalidCharacters']);
    expect(profile.error?.issues[0]?.path).toEqual(['firstName']);
  });
});

describe('integer ids', () => {
  const invite = (customerId: number) =>
    ZInviteByEmailRequest.safeParse({ email: 'new@example.com', firstName: 'A', lastName: 'B', customerId });

  it('fit the integer column they are stored in', () => {
    expect(invite(2_147_483_647).success).toBe(true);
    expect(invite(2_147_483_648).error?.issues[0]?.code).toBe('too_big');
    expect(invite(0).error?.issues[0]?.code).toBe('too_small');
  });
});

describe('quotable', () => {
  it('bounds and neutralises what the spec makes a message quote back', () => {
    expect(quotable('12ab')).toBe('12ab');
    expect(quotable('1'.repeat(25))).toBe(`${'1'.repeat(20)}…`);
    expect(quotable('a\u0001<b>\u202E')).toBe('a??b??');
    const message = ZCustomerIdParam.safeParse(`x\u001b[31m${'9'.repeat(5000)}`).error?.issues[0]?.message;
    expect(message).toBe(`Invalid customerId: x??31m${'9'.repeat(14)}… is not a valid number`);
  });
});
