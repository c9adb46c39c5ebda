import type { ReactNode } from 'react';
import * as table from './table.css';

/**
 * The card a table sits in: a table wider than the screen scrolls here, never the page. A table without links or buttons gives a
 * keyboard nothing to scroll it with, so it takes a `label` and becomes a focusable region itself.
 */
export function TableCard({ children, label }: { children: ReactNode; label?: string }) {
  if (label === undefined) return <div className={table.card}>{children}</div>;
  return (
    <div className={table.card} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
