import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { fileExportMachine } from '../../machines/shared/file-export.machine';
import { selectCanExport, selectExportError, selectSavedAs } from '../../machines/shared/file-export.selectors';
import { uploadedSummary, type UploadedGoldenSet } from '../../domain/golden-sets/golden-set-upload';
import { counted } from '../../domain/shared/format-count';
import { Modal } from '../ui/Modal';
import { button } from '../ui/button.css';
import * as modal from '../ui/modal.css';
import { errorMessage } from '../ui/status.css';
import { problemList } from '../ui/problem-list.css';
import * as styles from '../datasets/BulkUploadDialog.css';

type WarningFormat = 'queries-without-entry' | 'products-not-in-catalogue';

// After 'Add Golden Set': what the upload created, and what it judges that the rest lacks (each list's first
// values, and the whole list as a CSV download) so a person can add the entries or products before a run.
export function UploadGoldenSetSummary({
  result,
  exporter,
  onClose,
}: {
  result: UploadedGoldenSet;
  exporter: ActorRefFrom<typeof fileExportMachine>;
  onClose(): void;
}) {
  const canExport = useSelector(exporter, selectCanExport);
  const savedAs = useSelector(exporter, selectSavedAs);
  const exportError = useSelector(exporter, selectExportError);
  const { queries_without_entry: queries, products_not_in_catalogue: products } = result.warnings;

  const warning = (heading: string, list: { count: number; sample: string[] }, format: WarningFormat) =>
    list.count > 0 && (
      <section aria-label={heading}>
        <h4>{heading}</h4>
        <ul className={problemList}>
          {list.sample.map((value) => (
            <li key={value}>{value}</li>
          ))}
        </ul>
        {list.count > list.sample.length && <p className={styles.note}>and {counted(list.count - list.sample.length, 'more', 'more')}</p>}
        <button
          type="button"
          className={button({ tone: 'secondary', size: 'small' })}
          disabled={!canExport}
          onClick={() => exporter.send({ type: 'user.export', id: result.id, format })}
        >
          Download all {list.count} (CSV)
        </button>
      </section>
    );

  return (
    <Modal title="Add Golden Set" onCancel={onClose}>
      <section aria-label="Upload Complete">
        <h3>Upload Complete</h3>
        <p className={styles.summary}>{uploadedSummary(result)}</p>
        {warning(`${counted(queries.count, 'query matches', 'queries match')} no dataset entry`, queries, 'queries-without-entry')}
        {warning(`${counted(products.count, 'product is', 'products are')} not in the catalogue`, products, 'products-not-in-catalogue')}
        {savedAs && <p className={styles.note}>Saved as {savedAs}</p>}
        {exportError && <p className={errorMessage}>{exportError}</p>}
      </section>
      <div className={modal.buttons}>
        <button type="button" className={button({ tone: 'primary' })} onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
