import { Collapse } from '@mantine/core';
import { useDeferredValue, useState, type ReactNode } from 'react';

/**
 * The filters behind "More filters". Their fields are built the first time the panel opens, not
 * with the list: a page of a list is read far more often than it is filtered by text, and on a
 * phone building a dozen hidden fields held the first screen up. Once built they stay, so closing
 * and opening again keeps what was typed and animates as usual. The panel follows its button in
 * the background (a deferred value), so the button answers the tap at once.
 */
export function MoreFilters({ expanded, children }: { expanded: boolean; children: ReactNode }) {
  const shown = useDeferredValue(expanded);
  const [built, setBuilt] = useState(shown);
  if (shown && !built) setBuilt(true);
  return <Collapse expanded={shown}>{built ? children : null}</Collapse>;
}
