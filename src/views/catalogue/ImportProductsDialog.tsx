import { useId } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { importProductsMachine } from '../../machines/catalogue/import-products.machine';
import {
  selectCanCancelUpload,
  selectCanChangeFormat,
  selectCanChooseFile,
  selectCanClose,
  selectCanUpload,
  selectFailure,
  selectFile,
  selectFormat,
  selectUploadView,
  selectIsOpen,
  selectProgress,
  selectResult,
  selectWasCancelled,
} from '../../machines/shared/upload.selectors';
import { importSummary, problemPlace } from '../../domain/catalogue/catalogue';
import { formatFileSize, progressPercent } from '../../domain/shared/csv-file';
import * as styles from '../datasets/BulkUploadDialog.css';
import { PRODUCTS_CSV_TEMPLATE, PRODUCTS_JSONL_TEMPLATE } from '../../domain/shared/import-templates';
import { ImportFormatGuide } from '../ui/ImportFormatGuide';
import { Modal } from '../ui/Modal';
import { UploadDialogButtons } from '../ui/UploadDialogButtons';
import * as modal from '../ui/modal.css';
import { errorMessage } from '../ui/status.css';
import { problemList } from '../ui/problem-list.css';

// /catalogue: 'Import products' from a CSV or JSON Lines file (the format read from its name, a select
// to override it) with its format, examples and templates, progress and Cancel while uploading, then the counts or the server's row
// problems; a line says so while generated demo products share the catalogue (`demoNote`).
export function ImportProductsDialog({ actor, demoNote }: { actor: ActorRefFrom<typeof importProductsMachine>; demoNote: string | null }) {
  const open = useSelector(actor, selectIsOpen);
  const view = useSelector(actor, selectUploadView);
  const file = useSelector(actor, selectFile);
  const format = useSelector(actor, selectFormat);
  const progress = useSelector(actor, selectProgress);
  const result = useSelector(actor, selectResult);
  const failure = useSelector(actor, selectFailure);
  const cancelled = useSelector(actor, selectWasCancelled);
  const canChooseFile = useSelector(actor, selectCanChooseFile);
  const canChangeFormat = useSelector(actor, selectCanChangeFormat);
  const canUpload = useSelector(actor, selectCanUpload);
  const canClose = useSelector(actor, selectCanClose);
  const canCancelUpload = useSelector(actor, selectCanCancelUpload);
  const ids = { file: useId(), format: useId(), progress: useId() };
  if (!open) return null;

  const close = () => actor.send({ type: 'user.close' });
  const percent = progressPercent(progress);

  return (
    <Modal title="Import products" onCancel={() => (canCancelUpload ? actor.send({ type: 'user.cancelUpload' }) : canClose && close())}>
      {view === 'complete' && result ? (
        <section aria-label="Import Complete">
          <h3>Import Complete</h3>
          <p className={styles.summary}>{importSummary(result)}</p>
        </section>
      ) : (
        <>
          <ImportFormatGuide
            templates={[PRODUCTS_CSV_TEMPLATE, PRODUCTS_JSONL_TEMPLATE]}
            extras={
              <>
                Any other column (in JSON Lines, any other key) becomes one of the product&apos;s <code>attributes</code>. Products with a
                known product_id are replaced.
              </>
            }
          >
            CSV: a header with <code>product_id</code> and <code>name</code> (required), <code>description</code>, <code>image_url</code>{' '}
            and <code>attributes</code> (a JSON object). JSON Lines: one object per line with the same fields.
          </ImportFormatGuide>
          {demoNote && (
            <p className={modal.hint} role="note">
              {demoNote}
            </p>
          )}
          <div className={modal.field}>
            <label htmlFor={ids.file} className={modal.label}>
              Products file
            </label>
            <input
              id={ids.file}
              type="file"
              accept=".csv,.jsonl,.ndjson,text/csv"
              disabled={!canChooseFile}
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                if (chosen) actor.send({ type: 'user.chooseFile', file: chosen });
              }}
            />
            {file && (
              <p className={styles.fileLine}>
                {file.name} ({formatFileSize(file.size)})
              </p>
            )}
          </div>
          <div className={modal.field}>
            <label htmlFor={ids.format} className={modal.label}>
              Format
            </label>
            <select
              id={ids.format}
              className={modal.input}
              value={format}
              disabled={!canChangeFormat}
              onChange={(event) => actor.send({ type: 'user.changeFormat', format: event.target.value === 'jsonl' ? 'jsonl' : 'csv' })}
            >
              <option value="csv">CSV</option>
              <option value="jsonl">JSON Lines</option>
            </select>
          </div>
          {view === 'uploading' && (
            <div className={styles.progressLine}>
              <label htmlFor={ids.progress}>Uploading... {percent}%</label>
              <progress id={ids.progress} className={styles.progress} max={100} value={percent} />
            </div>
          )}
          {cancelled && view === 'fileChosen' && <p className={styles.note}>Import cancelled. Nothing was imported.</p>}
          {view === 'failed' && failure && (
            <div role="alert">
              <p className={errorMessage}>Failed to import products.</p>
              {failure.message && <p className={styles.note}>{failure.message}</p>}
              {failure.problems.length > 0 && (
                <ul className={problemList} aria-label="Problems in the file">
                  {failure.problems.map((problem, index) => (
                    <li key={index}>
                      {problemPlace(failure.format, problem)}: {problem.problem}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </>
      )}
      <UploadDialogButtons
        view={view}
        canCancelUpload={canCancelUpload}
        canClose={canClose}
        canUpload={canUpload}
        labels={{ idle: 'Import', busy: 'Importing...' }}
        onCancelUpload={() => actor.send({ type: 'user.cancelUpload' })}
        onClose={close}
        onUpload={() => actor.send({ type: 'user.upload' })}
      />
    </Modal>
  );
}
