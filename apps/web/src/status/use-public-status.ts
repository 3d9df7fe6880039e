import { useCallback, useEffect, useRef, useState } from 'react';
import type { TPublicStatus } from '@service-hub/contracts';

/** How often the page asks again: the server computes at most every 15 s, readers rarely need more. */
export const REFRESH_SECONDS = 45;

export type PublicStatusState = {
  status: TPublicStatus | undefined;
  /** The last attempt failed: what is shown is the answer of `status.updatedAt`, or nothing. */
  failed: boolean;
};

/** GET /api/status; plain fetch, the page loads none of the signed-in app's client. */
export async function fetchPublicStatus(signal?: AbortSignal): Promise<TPublicStatus> {
  const response = await fetch('/api/status', { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as TPublicStatus;
}

/** The first answer, asked for while the page's words load, so the first paint shows it all. */
export const firstPublicStatus = (): Promise<PublicStatusState> =>
  fetchPublicStatus().then(
    (status) => ({ status, failed: false }),
    () => ({ status: undefined, failed: true }),
  );

/**
 * `initial` (the first answer) on screen, then GET /api/status every REFRESH_SECONDS (and when the tab becomes visible again). The last
 * answer stays on screen while the next one is fetched and when it fails, so nothing jumps.
 */
export function usePublicStatus(initial: PublicStatusState): PublicStatusState {
  const [state, setState] = useState<PublicStatusState>(initial);
  const inFlight = useRef<AbortController | undefined>(undefined);
  // A first answer that failed is asked for again at once.
  const retryAtOnce = useRef(initial.failed);

  const load = useCallback(async () => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    try {
      setState({ status: await fetchPublicStatus(controller.signal), failed: false });
    } catch {
      if (controller.signal.aborted) return;
      setState((current) => ({ ...current, failed: true }));
    }
  }, []);

  useEffect(() => {
    if (retryAtOnce.current) void load();
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void load();
    }, REFRESH_SECONDS * 1000);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void load();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      inFlight.current?.abort();
    };
  }, [load]);

  return state;
}
