import type { ReactNode } from 'react';
import { useElementSize } from '@mantine/hooks';

/**
 * The box of a table that turns its rows into cards where it is narrower than `stackBelow` pixels: each cell
 * shows its column's name (its `data-label`), so nobody swipes sideways to reach the last columns of a list.
 * Wider, it is the table as it is. The look is `.gso-stack` in app/global.css.
 */
export function StackTable({ stackBelow, children }: { stackBelow: number; children: ReactNode }) {
  const { ref, width } = useElementSize();
  return (
    <div ref={ref} className="gso-stack" data-stacked={width > 0 && width < stackBelow ? '' : undefined}>
      {children}
    </div>
  );
}
