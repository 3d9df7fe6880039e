import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  useListState,
  writeListState,
  type ListChange,
  type ListDefinition,
} from '../../lib/list-state/list-state';
import { errorsFirstFilters } from './edi-tracking-lists';

/** Set when the user chose to see everything instead of the errors-first default. */
export const SHOW_ALL_PARAM = 'show';

/**
 * A list's state in the address, opening on errors first: with no filter in the address the list
 * shows ERROR and NOT_EXISTS of the last days. Clearing that (or every filter) writes `show=all`,
 * so the plain address keeps meaning "errors first" and a link with filters opens exactly those.
 */
export function useEdiListState<S extends string>(definition: ListDefinition<string, S>) {
  const { state, change } = useListState(definition);
  const [params, setParams] = useSearchParams();
  const errorsFirst = Object.keys(state.filters).length === 0 && params.get(SHOW_ALL_PARAM) !== 'all';
  const defaults = useMemo(() => errorsFirstFilters(), []);
  const shown = useMemo(
    () => (errorsFirst ? { ...state, filters: defaults } : state),
    [errorsFirst, state, defaults],
  );

  const update = useCallback(
    (next: ListChange<string, S>) => {
      if (next.filters === undefined) return change(next);
      const chosen = Object.values(next.filters).some(Boolean);
      setParams((previous) => {
        const written = writeListState(previous, next, definition);
        if (chosen) written.delete(SHOW_ALL_PARAM);
        else written.set(SHOW_ALL_PARAM, 'all');
        return written;
      });
    },
    [change, setParams, definition],
  );
  const showAll = useCallback(() => update({ filters: {} }), [update]);
  return { state: shown, change: update, errorsFirst, showAll };
}
