import { useId } from 'react';
import { ROLES, roleOf, type Role } from '../../domain/admin/account-types';
import { MIN_PASSWORD_LENGTH } from '../../domain/admin/account-form';
import * as modal from '../ui/modal.css';
import * as styles from './AccountsPage.css';

// The fields the account dialogs share: a new password (never shown, never filled in by the browser's
// saved one) with its rule beside it, and a role.

export function PasswordField({ label, value, onChange }: { label: string; value: string; onChange(value: string): void }) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={modal.field}>
      <label htmlFor={id} className={modal.label}>
        {label}
      </label>
      <input
        id={id}
        type="password"
        autoComplete="new-password"
        className={modal.input}
        value={value}
        required
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={hintId} className={styles.hint}>
        At least {MIN_PASSWORD_LENGTH} characters.
      </p>
    </div>
  );
}

export function RoleField({ value, onChange }: { value: Role; onChange(role: Role): void }) {
  const id = useId();
  return (
    <div className={modal.field}>
      <label htmlFor={id} className={modal.label}>
        Role
      </label>
      <select id={id} className={modal.input} value={value} onChange={(event) => onChange(roleOf(event.target.value) ?? value)}>
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {role}
          </option>
        ))}
      </select>
    </div>
  );
}
