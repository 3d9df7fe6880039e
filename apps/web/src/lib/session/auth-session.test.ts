import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contractChecked, expectNoContractViolations } from '../../test/contract-stub';
import { currentToken } from '../api/auth-token';
import { createOwnAuthSession } from './auth-session';

const jwt = (secondsLeft: number) =>
  `e30.${Buffer.from(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + secondsLeft })).toString('base64url')}.sig`;

/** localStorage as every tab of the site shares it. */
function sharedStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

describe('own auth service session', () => {
  const lockNames: string[] = [];
  let beforeTask: () => void;
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    lockNames.length = 0;
    beforeTask = () => {};
    fetchMock.mockReset();
    vi.stubGlobal('localStorage', sharedStorage());
    vi.stubGlobal('sessionStorage', sharedStorage());
    // The mock stands for the API: calls and answers are held to its contract.
    vi.stubGlobal('fetch', contractChecked(fetchMock));
    vi.stubGlobal('navigator', {
      locks: {
        // The lock is granted once another tab let go of it: `beforeTask` is what that tab did.
        request: async (name: string, task: () => Promise<unknown>) => {
          lockNames.push(name);
          beforeTask();
          return task();
        },
      },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    expectNoContractViolations();
  });

  it('renews one tab at a time, taking the token another tab renewed meanwhile', async () => {
    localStorage.setItem('userToken', jwt(10));
    const renewedElsewhere = jwt(900);
    beforeTask = () => localStorage.setItem('userToken', renewedElsewhere);
    createOwnAuthSession();

    expect(await currentToken()).toBe(renewedElsewhere);
    expect(lockNames).toEqual(['service-hub-token-renewal']);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('renews with the session cookie when it is first to hold the lock', async () => {
    localStorage.setItem('userToken', jwt(10));
    const renewed = jwt(900);
    fetchMock.mockResolvedValue(Response.json({ token: renewed }));
    createOwnAuthSession();

    expect(await currentToken()).toBe(renewed);
    expect(localStorage.getItem('userToken')).toBe(renewed);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/auth/refresh');
  });

  it('signs out with a POST, then goes to the sign-in page', async () => {
    const token = jwt(900);
    localStorage.setItem('userToken', token);
    localStorage.setItem('language', 'fi');
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { assign } });

    await createOwnAuthSession().signOut();

    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', {
      method: 'POST',
      credentials: 'include',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(assign).toHaveBeenCalledWith('/auth/login?signedOut=1');
    expect(localStorage.getItem('userToken')).toBeNull();
    expect(localStorage.getItem('language')).toBe('fi');
  });
});
