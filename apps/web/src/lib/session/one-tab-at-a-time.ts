/**
 * Runs a token renewal in one tab at a time. A rotating refresh token presented twice ends the
 * whole grant or session (the own auth service and standard providers alike), and two tabs
 * renewing with the same shared token at once look exactly like that. Web Locks are shared by
 * every tab of the site (absent only outside secure contexts).
 */
export async function oneTabAtATime<T>(task: () => Promise<T>): Promise<T> {
  if (typeof navigator.locks?.request !== 'function') return task();
  return await navigator.locks.request('service-hub-token-renewal', task);
}
