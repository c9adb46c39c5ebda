import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useSelector } from '@xstate/react';
import { selectCanLogout, selectUser } from '../machines/auth.selectors';
import { useAuthActor } from './auth-actor-context';
import * as styles from './UserMenu.css';

// Spec §2 shell: the top bar's user-icon dropdown with one item, Logout. Keyboard: Enter/Space/ArrowDown
// open it with focus on the item, Escape closes it and returns focus, leaving it by Tab or click closes it.
// Whether it is open is this widget's own business, so plain React state holds it.
export function UserMenu() {
  const auth = useAuthActor();
  const user = useSelector(auth, selectUser);
  const canLogout = useSelector(auth, selectCanLogout);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (open) itemRef.current?.focus();
  }, [open]);

  function close() {
    setOpen(false);
    triggerRef.current?.focus();
  }

  function onTriggerKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
    }
  }

  function onMenuKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  }

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
  }

  return (
    <div className={styles.root} onBlur={onBlur} onKeyDown={onMenuKeyDown}>
      <button
        ref={triggerRef}
        type="button"
        className={styles.trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={user ? `User menu for ${user.name}` : 'User menu'}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        onKeyDown={onTriggerKeyDown}
      >
        <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="8" r="4" fill="currentColor" />
          <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="currentColor" />
        </svg>
      </button>
      {open && (
        <div id={menuId} role="menu" aria-label="User menu" className={styles.menu}>
          <button
            ref={itemRef}
            type="button"
            role="menuitem"
            className={styles.item}
            disabled={!canLogout}
            onClick={() => auth.send({ type: 'user.logout' })}
          >
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
