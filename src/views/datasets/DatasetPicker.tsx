import { useId, type KeyboardEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { datasetPickerMachine } from '../../machines/datasets/dataset-picker.machine';
import {
  selectIsMenuOpen,
  selectMenuView,
  selectOptions,
  selectPickerError,
  selectPickerLabel,
  selectSelected,
} from '../../machines/datasets/dataset-picker.selectors';
import { chip, chipButton } from '../ui/chip.css';
import * as styles from './DatasetPicker.css';
import { LoadFailure } from '../ui/LoadFailure';

// The datasets multi-select of the add dialog and the entry editor. A button opens a menu of
// checkboxes (Tab, Space and Escape work as usual); chosen datasets show as chips with a remove button.
export function DatasetPicker({
  actor,
  labelId,
  disabled = false,
}: {
  actor: ActorRefFrom<typeof datasetPickerMachine>;
  /** The id of the visible 'Datasets' label. */
  labelId: string;
  disabled?: boolean;
}) {
  const open = useSelector(actor, selectIsMenuOpen);
  const view = useSelector(actor, selectMenuView);
  const label = useSelector(actor, selectPickerLabel);
  const options = useSelector(actor, selectOptions);
  const selected = useSelector(actor, selectSelected);
  const error = useSelector(actor, selectPickerError);
  const menuId = useId();
  const chosen = new Set(selected.map((option) => option.id));

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      // Closes the menu, not the dialog around it.
      event.stopPropagation();
      event.preventDefault();
      actor.send({ type: 'user.closeMenu' });
    }
  }

  return (
    <div
      className={styles.picker}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) actor.send({ type: 'user.closeMenu' });
      }}
    >
      <button
        type="button"
        className={styles.trigger}
        aria-labelledby={`${labelId} ${menuId}-label`}
        aria-expanded={open && !disabled}
        aria-controls={menuId}
        disabled={disabled}
        onClick={() => actor.send({ type: 'user.toggleMenu' })}
      >
        <span id={`${menuId}-label`}>{label}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open && !disabled && (
        <div id={menuId} className={styles.menu} role="group" aria-labelledby={labelId}>
          {view === 'loading' && <p className={styles.menuNote}>Loading datasets...</p>}
          {view === 'none' && <p className={styles.menuNote}>No datasets available</p>}
          {view === 'failed' && (
            <LoadFailure className={styles.menuNote} size="small" onRetry={() => actor.send({ type: 'user.retry' })}>
              Failed to fetch datasets. {error}
            </LoadFailure>
          )}
          {view === 'options' &&
            options.map((option) => (
              <label key={option.id} className={styles.option}>
                <input
                  type="checkbox"
                  checked={chosen.has(option.id)}
                  onChange={() => actor.send({ type: 'user.toggle', id: option.id })}
                />
                {option.name}
              </label>
            ))}
        </div>
      )}
      {selected.length > 0 && (
        <ul className={styles.chips} aria-label="Selected datasets">
          {selected.map((option) => (
            <li key={option.id} className={chip}>
              {option.name}
              <button
                type="button"
                className={chipButton}
                aria-label={`Remove ${option.name}`}
                disabled={disabled}
                onClick={() => actor.send({ type: 'user.remove', id: option.id })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
