import type { ReactNode } from 'react';
import * as table from './table.css';

/** The card a table sits in: a table wider than the screen scrolls here, never the page. */
export function TableCard({ children }: { children: ReactNode }) {
  return <div className={table.card}>{children}</div>;
}
