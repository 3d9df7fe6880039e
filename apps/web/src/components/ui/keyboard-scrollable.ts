/**
 * `scrollAreaProps` for a DataTable or a Table.ScrollContainer whose cells hold nothing focusable.
 * On a phone such a table scrolls sideways inside itself, and without a focusable scroll area the
 * keyboard could not scroll it (axe: scrollable-region-focusable). Tables with links or buttons in
 * their rows need nothing: focusing those scrolls the table.
 */
export const KEYBOARD_SCROLLABLE = { viewportProps: { tabIndex: 0 } } as const;
