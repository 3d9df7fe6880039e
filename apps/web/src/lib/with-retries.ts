/** Pauses after the first, second and third failure before trying again. */
export const RETRY_DELAYS_MS = [500, 2_000, 5_000] as const;

/**
 * Loads a page's code or a part of the catalog, trying again after a failure: a chunk that did not
 * arrive (a dropped connection, a server too busy to answer) usually arrives the next time, and
 * the browser does fetch a failed dynamic import again. The retries must happen here, where the
 * chunk is asked for: React Router remembers a route's failed `lazy` until the page is reloaded.
 * Rejects with the last failure once every pause has passed.
 */
export async function withRetries<T>(
  load: () => Promise<T>,
  delaysMs: readonly number[] = RETRY_DELAYS_MS,
): Promise<T> {
  for (const delay of delaysMs) {
    try {
      return await load();
    } catch (error) {
      console.warn(`loading failed, trying again in ${delay} ms`, error);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  return load();
}
