import { Tooltip, type TooltipProps } from '@mantine/core';
import { useRef, useState, type ReactNode } from 'react';

export type PointerTooltipProps = Omit<TooltipProps, 'children' | 'target' | 'events'> & {
  children: ReactNode;
  /** The content is an image (an icon) of this name for assistive technology. */
  imageName?: string;
  /** Styles the element around the content (otherwise an inline flex box). */
  className?: string;
};

/**
 * A tooltip for pointer and touch users of something that is not focusable (an icon with its own
 * accessible name), built when a pointer first reaches it. A list shows such icons in every row,
 * and a Mantine Tooltip per icon (its positioning hooks and listeners) cost a phone more than the
 * row itself. Once built it behaves as any tooltip: it opens at once, under the pointer, and
 * closes when the pointer leaves. The content stays the same element throughout.
 */
export function PointerTooltip({ children, imageName, className, ...props }: PointerTooltipProps) {
  const target = useRef<HTMLSpanElement>(null);
  const [pointed, setPointed] = useState(false);
  return (
    <>
      <span
        ref={target}
        role={imageName === undefined ? undefined : 'img'}
        aria-label={imageName}
        className={className}
        style={className === undefined ? { display: 'inline-flex' } : undefined}
        onPointerEnter={() => setPointed(true)}
      >
        {children}
      </span>
      {pointed && (
        <Tooltip
          {...props}
          target={target}
          defaultOpened
          events={{ hover: true, focus: false, touch: true }}
        />
      )}
    </>
  );
}
