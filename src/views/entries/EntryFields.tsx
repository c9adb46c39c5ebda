import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { datasetPickerMachine } from '../../machines/datasets/dataset-picker.machine';
import { DatasetPicker } from '../datasets/DatasetPicker';
import * as modal from '../ui/modal.css';
import * as styles from './DatasetEntriesPage.css';

export interface EntryFieldsProps {
  input: string;
  metadata: string;
  metadataError: string | null;
  picker: ActorRefFrom<typeof datasetPickerMachine> | null | undefined;
  disabled: boolean;
  onInput(value: string): void;
  onMetadata(value: string): void;
}

// The fields the Add Dataset Entry dialog and the entry editor share — Input* (4 rows), the
// datasets multi-select, Metadata (JSON) (8 rows) with its hint and the 'Invalid JSON format' message.
export function EntryFields({ input, metadata, metadataError, picker, disabled, onInput, onMetadata }: EntryFieldsProps) {
  const inputId = useId();
  const datasetsId = useId();
  const metadataId = useId();
  const hintId = useId();
  const metadataErrorId = useId();
  return (
    <fieldset disabled={disabled} className={modal.fieldset}>
      <div className={modal.field}>
        <label htmlFor={inputId} className={modal.label}>
          Input*
        </label>
        <textarea id={inputId} className={modal.input} rows={4} required value={input} onChange={(event) => onInput(event.target.value)} />
      </div>
      <div className={modal.field}>
        <span id={datasetsId} className={modal.label}>
          Datasets
        </span>
        {picker && <DatasetPicker actor={picker} labelId={datasetsId} disabled={disabled} />}
      </div>
      <div className={modal.field}>
        <label htmlFor={metadataId} className={modal.label}>
          Metadata (JSON)
        </label>
        <textarea
          id={metadataId}
          className={`${modal.input} ${styles.code}`}
          rows={8}
          value={metadata}
          aria-invalid={metadataError !== null}
          aria-describedby={metadataError ? `${metadataErrorId} ${hintId}` : hintId}
          onChange={(event) => onMetadata(event.target.value)}
        />
        {metadataError && (
          <p id={metadataErrorId} role="alert" className={styles.fieldError}>
            {metadataError}
          </p>
        )}
        <p id={hintId} className={styles.hint}>
          Optional: Enter valid JSON for metadata
        </p>
      </div>
    </fieldset>
  );
}
