import { useId } from 'react';
import * as modal from './modal.css';

// A labelled file input of a form dialog: the chosen file, or null when the choice is cleared.
export function FileField({ label, accept, onFile }: { label: string; accept?: string; onFile(file: File | null): void }) {
  const id = useId();
  return (
    <div className={modal.field}>
      <label htmlFor={id} className={modal.label}>
        {label}
      </label>
      <input id={id} type="file" accept={accept} onChange={(event) => onFile(event.target.files?.[0] ?? null)} />
    </div>
  );
}
