import type { SavedViewList } from '@service-hub/contracts';
import { useListColumns, useSaveListColumns } from './saved-views-api';

/**
 * The columns a user shows in a list: their choice from the server, else the list's defaults.
 * Columns that no longer exist are dropped; required ones are always there.
 */
export function useColumnChoice(
  list: SavedViewList,
  all: readonly { accessor: string; required?: boolean }[],
  defaults: readonly string[],
) {
  const stored = useListColumns(list);
  const save = useSaveListColumns(list);
  const chosen = stored.data?.columns ?? defaults;
  const visible = all
    .map((c) => c.accessor)
    .filter((accessor) => chosen.includes(accessor) || all.find((c) => c.accessor === accessor)?.required);
  return { visible, setVisible: (columns: string[]) => save.mutate(columns) };
}
