import type { ReactNode } from 'react';
import { statusMessage } from './status.css';

/** A polite status line: what is loading, or why nothing is shown. */
export function StatusMessage({ children }: { children: ReactNode }) {
  return (
    <p className={statusMessage} role="status">
      {children}
    </p>
  );
}
