import { describe, expect, it } from 'vitest';
import { isValidGln } from './edi-connect.ts';
import { statusAfterReply, SUPPORT_CASE_TRANSITIONS } from './support.ts';

describe('statusAfterReply', () => {
  it.each([
    ['customer', 'waitingForDetails', 'ongoing'],
    ['customer', 'readyForClosure', 'ongoing'],
    ['customer', 'onHold', 'onHold'],
    ['customer', 'needsAttention', 'needsAttention'],
    ['provider', 'needsAttention', 'ongoing'],
    ['provider', 'waitingForDetails', 'waitingForDetails'],
  ] as const)('a %s reply leaves %s as %s', (side, from, to) => {
    expect(statusAfterReply(side, from)).toBe(to);
  });

  it('gives customers no way to resolve a case that support has not proposed for closure', () => {
    const customerTargets = Object.entries(SUPPORT_CASE_TRANSITIONS.customer).filter(([, to]) =>
      to.includes('resolved'),
    );
    expect(customerTargets.map(([from]) => from)).toEqual(['readyForClosure']);
  });
});

describe('isValidGln', () => {
  it.each([
    ['7350000000009', true],
    ['7350000000008', false],
    ['735000000000', false],
    ['735000000000A', false],
  ])('%s → %s', (gln, valid) => {
    expect(isValidGln(gln)).toBe(valid);
  });
});
