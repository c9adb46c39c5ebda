import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { selectCanLogout, selectMeActor, selectUser } from '../../machines/shell/auth.selectors';
import type { meMachine } from '../../machines/shell/me.machine';
import { selectChangePassword, selectIsLocalAccount, selectMe } from '../../machines/shell/me.selectors';
import { roleLabel } from '../../domain/shell/roles';
import { useAuthActor } from './auth-actor-context';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import * as styles from './UserMenu.css';

type MeRef = ActorRefFrom<typeof meMachine>;

// The shell: the top bar's user-icon dropdown. Beside it who is signed in and as what
// ("alice · Curator"); in it 'Change password' for a local account, and Logout. Keyboard: Enter/Space/ArrowDown
// open it with focus on the first item, Up/Down/Home/End move between the items, Escape closes it and returns
// focus, leaving it by Tab or click closes it. Whether it is open is this widget's own business (React state).
export function UserMenu() {
  const auth = useAuthActor();
  const user = useSelector(auth, selectUser);
  const meActor = useSelector(auth, selectMeActor);
  const canLogout = useSelector(auth, selectCanLogout);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open) menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
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
      return;
    }
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not(:disabled)') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (items.length === 0 || at === -1) return;
    const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    items[(next + items.length) % items.length].focus();
  }

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
  }

  return (
    <>
      {meActor && <Identity me={meActor} />}
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
          <div ref={menuRef} id={menuId} role="menu" aria-label="User menu" className={styles.menu}>
            {meActor && (
              <ChangePasswordItem
                me={meActor}
                // The dialog gives the focus back to what had it: the menu's button, not this item that goes.
                onChoose={close}
              />
            )}
            <button
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
      {meActor && <PasswordDialog me={meActor} />}
    </>
  );
}

/** "alice · Curator": the name and role the server knows the person by, once it has said. */
function Identity({ me }: { me: MeRef }) {
  const known = useSelector(me, selectMe);
  if (!known) return null;
  return (
    <p className={styles.identity}>
      {known.name} · {known.role === null ? 'No role' : roleLabel(known.role)}
    </p>
  );
}

/** Only a local account's password is changed here; an identity provider keeps the others. */
function ChangePasswordItem({ me, onChoose }: { me: MeRef; onChoose(): void }) {
  const local = useSelector(me, selectIsLocalAccount);
  const dialog = useSelector(me, selectChangePassword);
  if (!local) return null;
  return (
    <button
      type="button"
      role="menuitem"
      className={styles.item}
      onClick={() => {
        onChoose();
        dialog.send({ type: 'user.open' });
      }}
    >
      Change password
    </button>
  );
}

function PasswordDialog({ me }: { me: MeRef }) {
  return <ChangePasswordDialog actor={useSelector(me, selectChangePassword)} />;
}
