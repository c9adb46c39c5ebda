import { useId, useState, type ButtonHTMLAttributes, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';
import { Link } from 'wouter';
import type { Action } from '../../domain/shell/roles';
import { useRefusal } from '../shell/role-context';
import * as styles from './gated.css';

// A control that changes something. For a role that may, it is the control itself; for one that may not,
// it stays where it is but does nothing — aria-disabled, still focusable so the keyboard finds it — and
// says why ("Needs the curator role — you are a viewer") while hovered or focused, read as its description.

type Refused = { reason: string; className?: string; label?: string; children: ReactNode };

function RefusedControl({ reason, className, label, children, as }: Refused & { as: 'button' | 'link' }) {
  const reasonId = useId();
  // The reason opens toward the middle of the window, so it never runs off the side a control sits near.
  const [side, setSide] = useState<'start' | 'end'>('end');
  const place = (event: SyntheticEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setSide(box.left + box.width / 2 < window.innerWidth / 2 ? 'start' : 'end');
  };
  const stay = (event: MouseEvent) => event.preventDefault();
  const common = {
    className: `${className ?? ''} ${styles.refused}`,
    'aria-label': label,
    'aria-disabled': true,
    'aria-describedby': reasonId,
    onClick: stay,
  };
  return (
    <span className={styles.gate} data-side={side} onMouseEnter={place} onFocus={place}>
      {as === 'button' ? (
        <button type="button" {...common}>
          {children}
        </button>
      ) : (
        // No href: nowhere to go; tabIndex keeps it in the keyboard's path, where it says why.
        <a role="link" tabIndex={0} {...common}>
          {children}
        </a>
      )}
      <span id={reasonId} role="tooltip" className={styles.reason}>
        {reason}
      </span>
    </span>
  );
}

export type GatedButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { action: Action };

/** A button that changes something: enabled as the page says for a role that may, refused with the reason otherwise. */
export function GatedButton({ action, type = 'button', children, className, ...props }: GatedButtonProps) {
  const reason = useRefusal(action);
  if (reason !== null)
    return (
      <RefusedControl as="button" reason={reason} className={className} label={props['aria-label']}>
        {children}
      </RefusedControl>
    );
  return (
    <button type={type} className={className} {...props}>
      {children}
    </button>
  );
}

/** A link to a page that changes something (New Experiment, Edit, Judge unjudged): refused with the reason for a role that may not. */
export function GatedLink(props: { action: Action; href: string; className?: string; children: ReactNode; 'aria-label'?: string }) {
  const { action, href, className, children } = props;
  const reason = useRefusal(action);
  if (reason !== null)
    return (
      <RefusedControl as="link" reason={reason} className={className} label={props['aria-label']}>
        {children}
      </RefusedControl>
    );
  return (
    <Link href={href} className={className} aria-label={props['aria-label']}>
      {children}
    </Link>
  );
}
