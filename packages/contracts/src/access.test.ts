import { describe, expect, it } from 'vitest';
import { holdsServicePermission } from './access.ts';

const grant = (prefix: string, name: string, roles: string[] = []) => ({ prefix, name, roles });

describe('holdsServicePermission', () => {
  it.each([
    ['SUP with a SUP permission', 'SUP', [grant('SUP', 'CustomerUser')], true],
    ['SUP without one', 'SUP', [grant('STT', 'stt-appapi-client', ['READ_ALL'])], false],
    [
      'STT with read-all on stt-appapi-client',
      'STT',
      [grant('STT', 'stt-appapi-client', ['READ_ALL'])],
      true,
    ],
    ['STT without read-all', 'STT', [grant('STT', 'stt-appapi-client')], false],
    ['STT with read-all on another permission', 'STT', [grant('STT', 'other', ['READ_ALL'])], false],
    [
      'ETS with read-all on edi-tracking-service',
      'ETS',
      [grant('ETS', 'edi-tracking-service', ['READ_ALL'])],
      true,
    ],
    ['ETS without read-all', 'ETS', [grant('ETS', 'CustomerUser')], false],
  ] as const)('%s', (_, prefix, permissions, held) => {
    expect(holdsServicePermission(prefix, permissions)).toBe(held);
  });
});
