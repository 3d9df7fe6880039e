import type { DataTableColumn } from 'mantine-datatable';
import type { PointerEvent } from 'react';
import classes from './column-fit.module.css';

/**
 * How a truncated column takes its width on a wide window: identifiers as wide as their content up
 * to a cap; names, file names (a larger minimum) and free text share the room the other columns
 * leave.
 */
export type TruncatedWidth = 'identifier' | 'name' | 'fileName' | 'text';

type ColumnFit<T> = Pick<DataTableColumn<T>, 'cellsClassName' | 'titleClassName'>;

/**
 * A column of statuses, dates, counts or icons: on a wide window exactly as wide as its content, so
 * the rest of the row goes to the columns that can use it (column-fit.module.css).
 */
export function fitContent<T>(): ColumnFit<T> {
  return { cellsClassName: classes.content, titleClassName: classes.content };
}

const TRUNCATED = {
  identifier: `${classes.truncated} ${classes.identifier}`,
  name: `${classes.truncated} ${classes.name}`,
  fileName: `${classes.truncated} ${classes.fileName}`,
  text: `${classes.truncated} ${classes.text}`,
} satisfies Record<TruncatedWidth, string>;

/**
 * A text column that keeps every row one line high on a wide window: a long value ends in an
 * ellipsis. The whole value stays reachable without anything rendered per cell (the lists are
 * measured for Total Blocking Time; a Mantine Tooltip in each cell would cost more than the row,
 * and a CSS tooltip drawn inside the table would be clipped by its scroll box, or widen it):
 * - the pointer: over a cut-short cell the browser shows the value as the cell's title, set then
 *   by one listener on the table (`showWholeValue`), also over the cell's link;
 * - the keyboard: every row has a link, and while it has focus the row shows its values whole,
 *   wrapped (a CSS rule on `tr:has(:focus-visible)`);
 * - assistive technology: the text is all in the page, only drawn shorter.
 * The cell's own content (a link, say) stays as it is, so nothing interactive is nested.
 */
export function truncated<T>(width: TruncatedWidth): ColumnFit<T> {
  return { cellsClassName: TRUNCATED[width], titleClassName: classes[width] };
}

/** The table's class: its text size and headers on a wide window. */
export const columnFitTableClass = classes.table;

/**
 * The table's pointer-over listener: a truncated cell the pointer reaches gets its whole text as
 * its title while it is cut short, and none otherwise (no tooltip repeating what is in view, and
 * none left behind once a wider window shows it all).
 */
export function showWholeValue(event: PointerEvent<HTMLElement>) {
  const cell = event.target instanceof Element ? event.target.closest('td') : null;
  if (!cell || !classes.truncated || !cell.classList.contains(classes.truncated)) return;
  if (cell.scrollWidth > cell.clientWidth) cell.title = cell.textContent ?? '';
  else cell.removeAttribute('title');
}
