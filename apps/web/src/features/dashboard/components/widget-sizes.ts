/**
 * The heights widgets reserve before their data arrives, in the theme's own units, so that the
 * dashboard does not move when each answer comes (layout shift). A widget's rows are kept to a
 * fixed number of lines (long names are cut with an ellipsis), which makes its full height known.
 */
export type TextSize = 'xs' | 'sm';

/** One line of Mantine text of that size: its font size times its line height. */
export const lineOf = (size: TextSize) =>
  `var(--mantine-font-size-${size}) * var(--mantine-line-height-${size})`;

/** `rows` rows of the given lines each, `gap` apart (a Stack's spacing). */
export function rowsHeight(rows: number, lines: readonly TextSize[], gap: 'xs' | 'sm' = 'xs'): string {
  const row = lines.map(lineOf).join(' + ');
  return `calc(${rows} * (${row}) + ${rows - 1} * var(--mantine-spacing-${gap}))`;
}

/** Several blocks stacked `gap` apart (the card's content is a Stack with spacing sm). */
export function stacked(heights: readonly string[], gap: 'xs' | 'sm' = 'sm'): string {
  return `calc(${heights.join(' + ')} + ${heights.length - 1} * var(--mantine-spacing-${gap}))`;
}
