import { useId } from 'react';
import * as modal from './modal.css';

export type TextFieldProps = {
  label: string;
  value: string;
  onChange(value: string): void;
  required?: boolean;
  /** A textarea of this many rows; a one-line input without. */
  rows?: number;
};

// A labelled text field of a form dialog.
export function TextField({ label, value, onChange, required = false, rows }: TextFieldProps) {
  const id = useId();
  const common = { id, className: modal.input, value, required };
  return (
    <div className={modal.field}>
      <label htmlFor={id} className={modal.label}>
        {label}
      </label>
      {rows === undefined ? (
        <input {...common} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <textarea {...common} rows={rows} onChange={(event) => onChange(event.target.value)} />
      )}
    </div>
  );
}
