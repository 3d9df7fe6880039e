import { lazy, Suspense, useEffect } from 'react';
import { useBlocker } from 'react-router';
import {
  discardUnsavedChanges,
  hasUnsavedChanges,
  useUnsavedChanges,
} from '../../../lib/routing/unsaved-changes';

// The dialog's code loads only when someone leaves a form with unsaved changes.
const UnsavedChangesDialog = lazy(() =>
  import('./unsaved-changes-dialog').then((chunk) => ({ default: chunk.UnsavedChangesDialog })),
);

/**
 * While any form on the page has unsaved changes, navigation away is held and the user chooses:
 * continue editing, or leave without saving (which drops the changes and goes where they meant
 * to). Closing or reloading the tab asks through the browser. It follows the forms, not the
 * routes' confirmLeave flags: a flag forgotten on a route must not lose someone's edits.
 */
export function UnsavedChangesModal() {
  const guarding = useUnsavedChanges();
  // The live state, not this render's: a form that saved and discarded its changes may navigate
  // before React renders again.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges() && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!guarding) return;
    const warn = (event: BeforeUnloadEvent) => {
      // Read at the moment of leaving: a deliberate redirect may have just discarded the changes.
      if (!hasUnsavedChanges()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [guarding]);

  if (blocker.state !== 'blocked') return null;
  return (
    <Suspense>
      <UnsavedChangesDialog
        onStay={() => blocker.reset?.()}
        onLeave={() => {
          discardUnsavedChanges();
          blocker.proceed?.();
        }}
      />
    </Suspense>
  );
}
