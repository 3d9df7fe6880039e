import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import {
  idleState,
  LAST_ACTIVITY_KEY,
  noteActivity,
  readLastActivity,
} from '../../../lib/session/idle-timeout';

const loadDialog = () => import('./session-timeout-dialog');
// The dialog's code comes with the warning; the idle clock runs from the first paint.
const SessionTimeoutDialog = lazy(() =>
  loadDialog().then((chunk) => ({ default: chunk.SessionTimeoutDialog })),
);

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'mousemove'] as const;
/** Activity is written down at most this often (mouse moves come by the hundred). */
const NOTE_EVERY_MS = 5_000;

/**
 * Signs the user out after `idleMinutes` without use in any tab, and first warns with a countdown
 * and a "Stay signed in" button (WCAG 2.2.1 Timing Adjustable). While the warning shows, only the
 * button keeps the session: a stray mouse move must not hide the question.
 */
export function SessionTimeoutWarning({
  idleMinutes,
  onSignOut,
}: {
  idleMinutes: number;
  onSignOut: () => void;
}) {
  const idleMs = idleMinutes * 60_000;
  const [now, setNow] = useState(() => Date.now());
  const warning = useRef(false);
  const signedOut = useRef(false);

  useEffect(() => {
    if (idleMs <= 0) return;
    // Fetched ahead, so the warning shows on time even if the network is gone by then.
    void loadDialog();
    noteActivity();
    let noted = Date.now();
    const onActivity = () => {
      const time = Date.now();
      if (warning.current || time - noted < NOTE_EVERY_MS) return;
      noted = time;
      noteActivity(time);
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    const onStorage = (event: StorageEvent) => {
      if (event.key === LAST_ACTIVITY_KEY) setNow(Date.now());
    };
    window.addEventListener('storage', onStorage);
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
      window.removeEventListener('storage', onStorage);
      window.clearInterval(timer);
    };
  }, [idleMs]);

  const state = idleMs > 0 ? idleState(now, readLastActivity(now), idleMs) : { phase: 'active' as const };

  useEffect(() => {
    warning.current = state.phase === 'warning';
  }, [state.phase]);

  useEffect(() => {
    if (state.phase === 'ended' && !signedOut.current) {
      signedOut.current = true;
      onSignOut();
    }
  }, [state.phase, onSignOut]);

  const stay = () => {
    warning.current = false;
    noteActivity();
    setNow(Date.now());
  };

  if (state.phase !== 'warning') return null;
  return (
    <Suspense>
      <SessionTimeoutDialog msLeft={state.msLeft} onStay={stay} onSignOut={onSignOut} />
    </Suspense>
  );
}
