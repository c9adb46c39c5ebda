import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { fileExportMachine } from '../../machines/shared/file-export.machine';
import { selectCanExport, selectExportError, selectExportingFormat, selectSavedAs } from '../../machines/shared/file-export.selectors';
import type { RunExportFormat } from '../../domain/experiments/evaluation-backend-types';
import { button } from '../ui/button.css';
import * as styles from './RunResultsPage.css';

const exportLabels: Record<RunExportFormat, { idle: string; busy: string }> = {
  csv: { idle: 'Export CSV', busy: 'Exporting CSV...' },
  trec: { idle: 'Export TREC run', busy: 'Exporting TREC run...' },
  qrels: { idle: 'Export qrels', busy: 'Exporting qrels...' },
  queries: { idle: 'Export queries', busy: 'Exporting queries...' },
};

/**
 * Results as files (a run's or an evaluation's: CSV, the TREC run, its qrels and queries), fetched with the
 * session's token and saved as a download.
 */
export function ResultExports({
  id,
  actor,
  formats,
}: {
  id: number;
  actor: ActorRefFrom<typeof fileExportMachine>;
  formats: readonly RunExportFormat[];
}) {
  const exporting = useSelector(actor, selectExportingFormat);
  const canExport = useSelector(actor, selectCanExport);
  const savedAs = useSelector(actor, selectSavedAs);
  const error = useSelector(actor, selectExportError);

  return (
    <div className={styles.exports}>
      <div className={styles.exportButtons}>
        {formats.map((format) => (
          <button
            key={format}
            type="button"
            className={button({ tone: 'secondary' })}
            disabled={!canExport}
            aria-busy={exporting === format}
            onClick={() => actor.send({ type: 'user.export', id, format })}
          >
            {exporting === format ? exportLabels[format].busy : exportLabels[format].idle}
          </button>
        ))}
      </div>
      <p className={styles.exportNote} aria-live="polite">
        {savedAs ? `Saved ${savedAs}.` : ''}
      </p>
      {error && (
        <p className={styles.exportError} role="alert">
          Failed to export the results: {error}
        </p>
      )}
    </div>
  );
}
