import { useEffect, useSyncExternalStore } from 'react';

/**
 * Whether the page has unsaved changes (spec 3: main.hasDirtyState). Pages on confirm-leave routes
 * set it while a form differs from what was saved; the frame then asks before leaving.
 */
let dirty = false;
const listeners = new Set<() => void>();

export function setUnsavedChanges(value: boolean) {
  if (dirty === value) return;
  dirty = value;
  listeners.forEach((listener) => listener());
}

export function hasUnsavedChanges(): boolean {
  return dirty;
}

export function useUnsavedChanges(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => dirty,
    () => dirty,
  );
}

/** For a page's form: reports whether it differs from what was saved, and forgets it on leaving. */
export function useReportUnsavedChanges(isDirty: boolean) {
  useEffect(() => {
    setUnsavedChanges(isDirty);
  }, [isDirty]);
  useEffect(() => () => setUnsavedChanges(false), []);
}
