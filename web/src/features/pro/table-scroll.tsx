import type { ReactNode } from 'react';

/**
 * A wide Pro table's frame: it scrolls sideways inside its card, and is a labelled, focusable region so
 * that a keyboard can scroll it too (a phone or a narrow window shows part of the columns).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="pro-table-scroll" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
