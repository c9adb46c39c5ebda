import { useId } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, useSearch } from 'wouter';
import { pageFromSearch } from '../../machines/shared/paged-list.machine';
import {
  selectCanExport,
  selectExportError,
  selectExportingFormat,
  selectExportingId,
  selectSavedAs,
} from '../../machines/shared/file-export.selectors';
import {
  selectDemoData,
  selectExporter,
  selectList,
  selectRename,
  selectUpload,
} from '../../machines/golden-sets/golden-sets-page.selectors';
import { selectDemoProductsNote } from '../../machines/shared/demo-products.selectors';
import { selectConfirmDelete } from '../../machines/shared/paged-list.selectors';
import type { GoldenSet, GoldenSetExportFormat } from '../../domain/experiments/evaluation-backend-types';
import { formatDateTime } from '../../domain/shared/format-date';
import { counted } from '../../domain/shared/format-count';
import { goldenSetSizeText } from '../../domain/golden-sets/golden-set-size';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { listLink } from '../ui/link.css';
import * as styles from './GoldenSetsPage.css';
import { useLogic } from '../shell/logic-context';
import { PagedListFrame } from '../ui/PagedListFrame';
import { RenameGoldenSetDialog } from './RenameGoldenSetDialog';
import { useCan } from '../shell/role-context';
import { GatedButton } from '../ui/Gated';
import { UploadGoldenSetDialog } from './UploadGoldenSetDialog';
import { button } from '../ui/button.css';
import * as pageStyles from '../ui/page.css';
import { rowHeader } from '../ui/row-header.css';
import { errorMessage } from '../ui/status.css';
import * as table from '../ui/table.css';
import { TableHead } from '../ui/TableHead';
import { DeleteButton } from '../ui/DeleteButton';
import { TableCard } from '../ui/TableCard';
import { DemoBadge } from '../ui/DemoBadge';

/** Each row's exports: the button's text and what its name says the file is. */
const exportButtons: Array<{ format: GoldenSetExportFormat; text: string; file: string }> = [
  { format: 'csv', text: 'CSV', file: 'CSV' },
  { format: 'qrels', text: 'qrels', file: 'TREC qrels' },
  { format: 'queries', text: 'queries', file: 'TREC queries' },
];

// /golden-sets: the server's golden sets, paged with their total and 'Page x of y', with Add (upload), Edit
// (rename), Delete and the judgements as a download (CSV, TREC qrels, TREC queries), one at a time. A role that
// may not change golden sets sees Add Golden Set refused with the reason, and only the exports in each row.
export function GoldenSetsPage() {
  const logic = useLogic();
  const mayChange = useCan('golden_set.change');
  const search = useSearch();
  const headingId = useId();
  const page = useActorRef(logic.goldenSetsPage, { input: { page: pageFromSearch(search) } });
  const list = useSelector(page, selectList);
  const upload = useSelector(page, selectUpload);
  const rename = useSelector(page, selectRename);
  const confirmDelete = useSelector(list, selectConfirmDelete);
  const exporter = useSelector(page, selectExporter);
  const demoNote = useSelector(useSelector(page, selectDemoData), selectDemoProductsNote);
  const exportingId = useSelector(exporter, selectExportingId);
  const exportingFormat = useSelector(exporter, selectExportingFormat);
  const canExport = useSelector(exporter, selectCanExport);
  const savedAs = useSelector(exporter, selectSavedAs);
  const exportError = useSelector(exporter, selectExportError);

  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title} id={headingId}>
          Golden Sets
        </h1>
        <GatedButton action="golden_set.change" className={button({ tone: 'primary' })} onClick={() => upload.send({ type: 'user.open' })}>
          Add Golden Set
        </GatedButton>
      </div>
      <p className={styles.exportNote} aria-live="polite">
        {savedAs ? `Saved ${savedAs}.` : ''}
      </p>
      {exportError && (
        <p className={errorMessage} role="alert">
          Failed to export the golden set: {exportError}
        </p>
      )}

      <PagedListFrame<GoldenSet>
        list={list}
        failure={(error) => `Failed to fetch golden sets. ${error ?? ''}`}
        empty={(page) => (page === 1 ? 'No golden sets yet.' : 'No golden sets on this page.')}
        counted={(total) => counted(total, 'golden set', 'golden sets')}
      >
        {(goldenSets) => (
          <TableCard>
            <table className={table.table} aria-labelledby={headingId}>
              <TableHead columns={['Name', 'Size', 'Market', 'Created At', 'Actions']} />
              <tbody>
                {goldenSets.map((goldenSet) => (
                  <tr key={goldenSet.id}>
                    <th className={`${table.cell} ${rowHeader}`} scope="row">
                      <Link href={`/golden-sets/${goldenSet.id}`} className={listLink}>
                        {goldenSet.name}
                      </Link>
                      <DemoBadge demo={goldenSet.demo} />
                    </th>
                    <td className={table.cell}>{goldenSetSizeText(goldenSet)}</td>
                    <td className={table.cell}>{goldenSet.market}</td>
                    <td className={table.cell}>{formatDateTime(goldenSet.created_at)}</td>
                    <td className={table.cell}>
                      <div className={table.actions}>
                        {mayChange && (
                          <button
                            type="button"
                            className={button({ tone: 'secondary', size: 'small' })}
                            aria-label={`Edit ${goldenSet.name}`}
                            onClick={() =>
                              rename.send({
                                type: 'user.open',
                                fields: {
                                  id: goldenSet.id,
                                  name: goldenSet.name,
                                  description: goldenSet.description,
                                  market: goldenSet.market,
                                },
                              })
                            }
                          >
                            Edit
                          </button>
                        )}
                        {exportButtons.map(({ format, text, file }) => {
                          const busy = exportingId === goldenSet.id && exportingFormat === format;
                          return (
                            <button
                              key={format}
                              type="button"
                              className={button({ tone: 'secondary', size: 'small' })}
                              aria-label={`Export ${goldenSet.name} as ${file}`}
                              disabled={!canExport}
                              aria-busy={busy}
                              onClick={() => exporter.send({ type: 'user.export', id: goldenSet.id, format })}
                            >
                              {busy ? `${text}...` : text}
                            </button>
                          );
                        })}
                        {mayChange && (
                          <DeleteButton
                            confirm={confirmDelete}
                            subject={{ id: goldenSet.id, name: goldenSet.name }}
                            label={`Delete ${goldenSet.name}`}
                          />
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableCard>
        )}
      </PagedListFrame>

      {confirmDelete && (
        <ConfirmDialog
          actor={confirmDelete}
          title="Delete Golden Set"
          question={(subject) => `Are you sure you want to delete the golden set "${subject.name}"? Its judgements go with it.`}
        />
      )}
      <UploadGoldenSetDialog actor={upload} exporter={exporter} demoNote={demoNote} />
      <RenameGoldenSetDialog actor={rename} />
    </div>
  );
}
