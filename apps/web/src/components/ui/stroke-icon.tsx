/**
 * A Tabler icon drawn as one path, its strokes joined (they share every attribute). Lists show
 * icons in every row, and the icon components' own markup (an element per stroke, up to ten) made
 * them nearly half of the files page's elements.
 */
export const strokesOf = (svg: string) =>
  [...svg.matchAll(/<path d="([^"]+)"/g)].map((match) => match[1]).join(' ');

/** The joined strokes of `strokesOf`, decorative: the element around it carries the name. */
export function StrokeIcon({ strokes }: { strokes: string }) {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={strokes} />
    </svg>
  );
}
