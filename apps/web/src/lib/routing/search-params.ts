import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Filters, sorting and paging kept in the address, so a link reproduces the view. Setting a value
 * to '' (or its default) removes it; a change of anything but the page goes back to page 1.
 */
export function useUrlState<K extends string>(defaults: Record<K, string>) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(
    (Object.keys(defaults) as K[]).map((key) => [key, params.get(key) ?? defaults[key]]),
  ) as Record<K, string>;
  const update = useCallback(
    (changes: Partial<Record<K, string>>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes) as [K, string][]) {
            if (value === '' || value === defaults[key]) next.delete(key);
            else next.set(key, value);
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    // The defaults are constants of the calling page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setParams],
  );
  return [values, update] as const;
}

/** A positive whole number from the address, or the fallback. */
export function positiveInt(value: string, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}
