import { describe, expect, it } from 'vitest';
import { DELIVERY_CHANNELS, effectiveRoles, PROCESSING_STEPS } from './vocabularies.ts';

describe('effectiveRoles', () => {
  it('adds ADMIN for the server names of customer and provider administrators', () => {
    expect(effectiveRoles(['CustomerAdministrator'])).toEqual(['CustomerAdministrator', 'ADMIN']);
    expect(effectiveRoles(['SF_ADMIN', 'ProviderAdministrator'])).toEqual([
      'SF_ADMIN',
      'ProviderAdministrator',
      'ADMIN',
    ]);
    expect(effectiveRoles(['CustomerUser'])).toEqual(['CustomerUser']);
  });
});

describe('vocabularies', () => {
  it('give every delivery channel a distinct id and key', () => {
    expect(new Set(DELIVERY_CHANNELS.map((c) => c.id)).size).toBe(DELIVERY_CHANNELS.length);
    expect(new Set(DELIVERY_CHANNELS.map((c) => c.key)).size).toBe(DELIVERY_CHANNELS.length);
  });

  it('list each processing step once', () => {
    expect(new Set(PROCESSING_STEPS).size).toBe(PROCESSING_STEPS.length);
  });
});
