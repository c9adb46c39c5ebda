import type { ReactNode } from 'react';
import { button } from './button.css';
import { errorMessage } from './status.css';

type LoadFailureProps = {
  children: ReactNode;
  /** Sends the machine's `user.retry`. */
  onRetry(): void;
  className?: string;
  size?: 'small';
  /** Where the failure replaced what had the keyboard's focus, the focus lands on Try again. */
  autoFocus?: boolean;
};

/** What a screen shows when its data could not be read: why, in red, and Try again. */
export function LoadFailure({ children, onRetry, className, size, autoFocus }: LoadFailureProps) {
  return (
    <div className={className}>
      <p className={errorMessage} role="alert">
        {children}
      </p>
      <button type="button" className={button({ tone: 'secondary', size })} autoFocus={autoFocus} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
