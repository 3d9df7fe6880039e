import { useSyncExternalStore } from 'react';
import { TOAST_AUTO_HIDE_MS } from '@service-hub/contracts';

/** A toast (spec 3): success ones hide after 3 s, warnings stay until closed and carry a reference. */
export type Toast = {
  id: string;
  appearance: 'success' | 'warning';
  /** Translation key, or plain text when `raw` is set. */
  message: string;
  values?: Record<string, string | number>;
  /** Extra text after the translated message (e.g. an error's own message). */
  suffix?: string;
  referenceCode?: string;
  temporary: boolean;
  /** An action button: translation key and what it does. */
  action?: { label: string; run: () => void };
};

let toasts: Toast[] = [];
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let sequence = 0;

function emit() {
  listeners.forEach((listener) => listener());
}

export function showToast(toast: Omit<Toast, 'id' | 'temporary'> & { temporary?: boolean }): string {
  // Time-based id (spec 3), with a sequence so two toasts in one millisecond differ.
  const id = `${Date.now()}-${sequence++}`;
  const temporary = toast.temporary ?? toast.appearance === 'success';
  toasts = [...toasts, { ...toast, id, temporary }];
  if (temporary)
    timers.set(
      id,
      setTimeout(() => removeToast(id), TOAST_AUTO_HIDE_MS),
    );
  emit();
  return id;
}

export function removeToast(id: string) {
  clearTimeout(timers.get(id));
  timers.delete(id);
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function removeAllToasts() {
  timers.forEach((timer) => clearTimeout(timer));
  timers.clear();
  toasts = [];
  emit();
}

/** The toasts on screen now. */
export const peekToasts = (): readonly Toast[] => toasts;

export const showSuccess = (message: string, values?: Toast['values']) =>
  showToast({ appearance: 'success', message, values });

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    () => toasts,
  );
}
