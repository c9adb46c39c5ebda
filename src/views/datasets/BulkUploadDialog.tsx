import { useId } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { NOT_CSV_FIX, PROBLEMS_FIX, type bulkUploadMachine } from '../../machines/datasets/bulk-upload.machine';
import {
  selectCanCancelUpload,
  selectCanChangeSettings,
  selectCanClose,
  selectCanUpload,
  selectFailure,
  selectFile,
  selectFileError,
  selectIsOpen,
  selectProgress,
  selectResult,
  selectSettings,
  selectUploadView,
  selectWasCancelled,
} from '../../machines/shared/upload.selectors';
import { existingInputsSummary, formatFileSize, progressPercent, uploadSummary } from '../../domain/shared/csv-file';
import { ENTRIES_TEMPLATE } from '../../domain/shared/import-templates';
import * as styles from './BulkUploadDialog.css';
import { ImportFormatGuide } from '../ui/ImportFormatGuide';
import { Modal } from '../ui/Modal';
import { UploadDialogButtons } from '../ui/UploadDialogButtons';
import * as modal from '../ui/modal.css';
import { errorMessage } from '../ui/status.css';
import { problemList } from '../ui/problem-list.css';

// The Bulk upload dialog: choose a CSV, see its size, Upload, then 'Upload Complete' with the three counts;
// beyond what the product specification asks, a progress bar and Cancel while uploading, the server's
// row-level problems, a file dropped anywhere on the dialog, and the format with its example as a template.
// It names the dataset every row goes into when one is preset, offers to skip inputs a dataset holds already,
// and its summary says how many inputs were there already.
export function BulkUploadDialog({ actor }: { actor: ActorRefFrom<typeof bulkUploadMachine> }) {
  const open = useSelector(actor, selectIsOpen);
  const view = useSelector(actor, selectUploadView);
  const file = useSelector(actor, selectFile);
  const fileError = useSelector(actor, selectFileError);
  const progress = useSelector(actor, selectProgress);
  const result = useSelector(actor, selectResult);
  const failure = useSelector(actor, selectFailure);
  const cancelled = useSelector(actor, selectWasCancelled);
  const canUpload = useSelector(actor, selectCanUpload);
  const canClose = useSelector(actor, selectCanClose);
  const canCancelUpload = useSelector(actor, selectCanCancelUpload);
  const settings = useSelector(actor, selectSettings);
  const canChangeSettings = useSelector(actor, selectCanChangeSettings);
  const skipId = useId();
  const fileId = useId();
  const progressId = useId();
  if (!open) return null;

  const close = () => actor.send({ type: 'user.close' });
  const percent = progressPercent(progress);

  return (
    <Modal title="Bulk Upload" onCancel={() => (canCancelUpload ? actor.send({ type: 'user.cancelUpload' }) : canClose && close())}>
      {view === 'complete' && result ? (
        <section aria-label="Upload Complete">
          <h3>Upload Complete</h3>
          <p className={styles.summary}>{uploadSummary(result)}</p>
          <p className={styles.existing}>{existingInputsSummary(result, settings.skipExisting)}</p>
          <dl className={styles.counts}>
            <dt>created_entries</dt>
            <dd>{result.created_entries}</dd>
            <dt>created_datasets</dt>
            <dd>{result.created_datasets}</dd>
            <dt>created_mappings</dt>
            <dd>{result.created_mappings}</dd>
          </dl>
        </section>
      ) : (
        <div
          className={styles.dropZone}
          onDragOver={(event) => event.preventDefault()}
          onDrop={(event) => {
            event.preventDefault();
            const dropped = event.dataTransfer.files[0];
            if (dropped && view !== 'uploading') actor.send({ type: 'user.chooseFile', file: dropped });
          }}
        >
          <ImportFormatGuide
            templates={[ENTRIES_TEMPLATE]}
            extras={
              <>
                Any other column becomes a key of <code>input_metadata</code>, its cell the value (as text).
              </>
            }
          >
            Columns: <code>input</code> (required), <code>datasets</code> (names separated by <code>|</code>), <code>input_metadata</code>{' '}
            (a JSON object), <code>description</code>.
          </ImportFormatGuide>
          {settings.dataset && <p className={styles.target}>Every row goes into the dataset "{settings.dataset.name}".</p>}
          <div className={modal.field}>
            <label htmlFor={fileId} className={modal.label}>
              CSV file
            </label>
            <input
              id={fileId}
              type="file"
              accept=".csv,text/csv"
              disabled={view === 'uploading'}
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
            <p className={styles.note}>Or drop the file onto this dialog.</p>
            {fileError && (
              <div role="alert">
                <p className={errorMessage}>{fileError}</p>
                <p className={styles.note}>{NOT_CSV_FIX}</p>
              </div>
            )}
          </div>
          <div className={styles.option}>
            <input
              id={skipId}
              type="checkbox"
              checked={settings.skipExisting}
              disabled={!canChangeSettings}
              onChange={(event) => actor.send({ type: 'user.changeSettings', settings: { skipExisting: event.target.checked } })}
            />
            <label htmlFor={skipId}>Skip inputs that already exist in the dataset (ignoring case and spaces)</label>
          </div>
          {view === 'uploading' && (
            <div className={styles.progressLine}>
              <label htmlFor={progressId}>Uploading... {percent}%</label>
              <progress id={progressId} className={styles.progress} max={100} value={percent} />
            </div>
          )}
          {cancelled && view === 'fileChosen' && <p className={styles.note}>Upload cancelled. Nothing was imported.</p>}
          {view === 'failed' && failure && (
            <div role="alert">
              <p className={errorMessage}>Failed to upload file. Please try again.</p>
              {failure.message && <p className={styles.note}>{failure.message}</p>}
              {failure.problems.length > 0 && <p className={styles.note}>{PROBLEMS_FIX}</p>}
              {failure.problems.length > 0 && (
                <ul className={problemList} aria-label="Problems in the file">
                  {failure.problems.map((problem, index) => (
                    <li key={index}>
                      Row {problem.row}
                      {problem.column ? `, column ${problem.column}` : ''}: {problem.problem}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </div>
      )}
      <UploadDialogButtons
        view={view}
        canCancelUpload={canCancelUpload}
        canClose={canClose}
        canUpload={canUpload}
        labels={{ idle: 'Upload', busy: 'Uploading...' }}
        onCancelUpload={() => actor.send({ type: 'user.cancelUpload' })}
        onClose={close}
        onUpload={() => actor.send({ type: 'user.upload' })}
      />
    </Modal>
  );
}
