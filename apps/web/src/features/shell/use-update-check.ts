import { useEffect, useRef } from 'react';
import { showToast } from '../../lib/feedback/toasts';
import { loadRuntimeConfig } from '../../lib/runtime-config';

const CHECK_EVERY_MS = 5 * 60_000;

/**
 * Asks the server which build it serves, every few minutes and whenever the window regains
 * focus; a different build means a new version was released, which a persistent toast says once.
 */
export function useUpdateCheck(runningBuildId: string) {
  const announced = useRef(false);
  useEffect(() => {
    const check = async () => {
      if (announced.current) return;
      try {
        const { buildId } = await loadRuntimeConfig();
        if (buildId !== runningBuildId && !announced.current) {
          announced.current = true;
          showToast({
            appearance: 'warning',
            message: 'shell.updateAvailable',
            action: { label: 'shell.refresh', run: () => window.location.reload() },
          });
        }
      } catch {
        // Offline or restarting: ask again later.
      }
    };
    const timer = setInterval(check, CHECK_EVERY_MS);
    window.addEventListener('focus', check);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', check);
    };
  }, [runningBuildId]);
}
