import type { FormEvent, ReactNode } from 'react';
import * as styles from './GoldenSetPage.css';
import { button } from '../ui/button.css';
import { errorMessage } from '../ui/status.css';

// A golden set's settings edited in place (its scale, its rating rule): a titled form, the problem the machine
// or the server found, and Save and Cancel, both held while the save is under way.
export function SettingsForm({
  title,
  saveLabel,
  saving,
  error,
  onSave,
  onCancel,
  children,
}: {
  title: string;
  saveLabel: string;
  saving: boolean;
  error: string | null;
  onSave: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const save = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
  return (
    // The machine checks the draft and says what is wrong, the same words whatever the browser.
    <form className={styles.section} aria-label={title} noValidate onSubmit={save}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {children}
      {error && (
        <p className={errorMessage} role="alert">
          {error}
        </p>
      )}
      <div className={styles.form}>
        <button type="submit" className={button({ tone: 'primary' })} disabled={saving} aria-busy={saving}>
          {saving ? 'Saving...' : saveLabel}
        </button>
        <button type="button" className={button({ tone: 'secondary' })} disabled={saving} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
