import { useState } from 'react';
import type { SavedViewList } from '@service-hub/contracts';
import { useListColumns, useSaveListColumns } from './saved-views-api';

/**
 * The columns a user shows in a list: their choice from the server, else the list's defaults.
 * A change shows at once (before the server has it); columns that no longer exist are dropped and
 * required ones are always there.
 */
export function useColumnChoice(
  list: SavedViewList,
  all: readonly { accessor: string; required?: boolean }[],
  defaults: readonly string[],
) {
  const stored = useListColumns(list);
  const save = useSaveListColumns(list);
  const [pending, setPending] = useState<string[] | null>(null);
  const chosen = pending ?? stored.data?.columns ?? defaults;
  const visible = all
    .map((c) => c.accessor)
    .filter((accessor) => chosen.includes(accessor) || all.find((c) => c.accessor === accessor)?.required);
  const setVisible = (columns: string[]) => {
    setPending(columns);
    save.mutate(columns, { onSettled: () => setPending(null) });
  };
  return { visible, setVisible };
}
