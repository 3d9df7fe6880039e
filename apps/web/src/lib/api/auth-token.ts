/**
 * Where the signed-in user's token lives between page loads. `userToken` is the key the own
 * authentication flow uses (spec 4).
 */
const KEY = 'userToken';

export const authToken = {
  get: (): string | null => localStorage.getItem(KEY),
  set: (token: string) => localStorage.setItem(KEY, token),
  clear: () => localStorage.removeItem(KEY),
};
