/**
 * The bearer token the API client sends. The sign-in flow in use decides where it comes from: the
 * identity provider's ID token (single sign-on) or the own auth service's `userToken`.
 */
type TokenSource = () => Promise<string | null>;

const USER_TOKEN_KEY = 'userToken';

/** The own auth service's token, kept as `userToken` (spec 4). */
export const userToken = {
  get: (): string | null => localStorage.getItem(USER_TOKEN_KEY),
  set: (token: string) => localStorage.setItem(USER_TOKEN_KEY, token),
  clear: () => localStorage.removeItem(USER_TOKEN_KEY),
};

let source: TokenSource = async () => userToken.get();

export function setTokenSource(next: TokenSource) {
  source = next;
}

export function currentToken(): Promise<string | null> {
  return source();
}

/** Seconds until a JWT expires (negative when expired); undefined when it cannot be read. */
export function secondsLeft(token: string): number | undefined {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: number;
    };
    return typeof payload.exp === 'number' ? payload.exp - Date.now() / 1000 : undefined;
  } catch {
    return undefined;
  }
}
