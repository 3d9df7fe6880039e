import { useMemo, useState } from 'react';

/**
 * The rows chosen in a list (DataListTable's `selection`), kept across pages and forgotten when
 * `scope` changes (another account). `rowName` names a row's checkbox: pass a function defined
 * once (module level), so the selection object stays the same between renders and the table is
 * not rebuilt for nothing.
 */
export function useRowSelection<T>(scope: number | string, rowName: (record: T) => string) {
  const [chosen, setChosen] = useState<{ scope: number | string; records: T[] }>({ scope, records: [] });
  return useMemo(
    () => ({
      records: chosen.scope === scope ? chosen.records : [],
      onChange: (next: T[]) => setChosen({ scope, records: next }),
      rowName,
    }),
    [chosen, scope, rowName],
  );
}
