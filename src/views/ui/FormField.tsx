import { useId, type ReactNode } from 'react';
import * as styles from '../experiments/ExperimentForm.css';

type Choice = { value: string; label: string };

export type FormFieldProps = {
  label: string;
  value: string;
  onChange(value: string): void;
  /** The server's (or the form's) problems with this field, shown beside it. */
  problems?: string[];
  hint?: ReactNode;
  /** A select of these choices; a text input (or a textarea of `rows`) without. */
  choices?: Choice[];
  rows?: number;
  inputMode?: 'numeric' | 'decimal' | 'url';
  wide?: boolean;
};

// One labelled field of the experiment form, its problems beside it (read with it: aria-describedby).
export function FormField({ label, value, onChange, problems = [], hint, choices, rows, inputMode, wide = false }: FormFieldProps) {
  const id = useId();
  const problemId = `${id}-problems`;
  const common = {
    id,
    className: styles.control,
    value,
    'aria-invalid': problems.length > 0,
    'aria-describedby': problems.length > 0 ? problemId : undefined,
  };
  return (
    <div className={wide ? `${styles.field} ${styles.wide}` : styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {choices ? (
        <select {...common} onChange={(event) => onChange(event.target.value)}>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      ) : rows ? (
        <textarea {...common} rows={rows} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} inputMode={inputMode} onChange={(event) => onChange(event.target.value)} />
      )}
      {hint && <p className={styles.hint}>{hint}</p>}
      {problems.length > 0 && (
        <div id={problemId}>
          {problems.map((problem) => (
            <p key={problem} className={styles.problem}>
              {problem}
            </p>
          ))}
        </div>
      )}
    </div>
  );
}
