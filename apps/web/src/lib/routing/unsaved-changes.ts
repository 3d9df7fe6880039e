import { useEffect, useId, useSyncExternalStore } from 'react';

/**
 * Whether the page has unsaved changes (spec 3: main.hasDirtyState). Every form that edits data
 * reports while it differs from what was saved; the frame then asks before leaving. A page may
 * hold several forms, so each reports under its own id and the page is dirty while any of them is.
 */
const dirtyForms = new Set<string>();
const listeners = new Set<() => void>();
let dirty = false;

function update() {
  const next = dirtyForms.size > 0;
  if (next === dirty) return;
  dirty = next;
  listeners.forEach((listener) => listener());
}

/** One form's state; `reportUnsavedChanges(id, false)` forgets it. */
export function reportUnsavedChanges(formId: string, isDirty: boolean) {
  if (isDirty) dirtyForms.add(formId);
  else dirtyForms.delete(formId);
  update();
}

/** Drops every form's changes, e.g. when the user chose to leave without saving. */
export function discardUnsavedChanges() {
  dirtyForms.clear();
  update();
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
  const formId = useId();
  useEffect(() => {
    reportUnsavedChanges(formId, isDirty);
  }, [formId, isDirty]);
  useEffect(() => () => reportUnsavedChanges(formId, false), [formId]);
}
