import { useActorRef, useSelector } from '@xstate/react';
import { Link, useSearch } from 'wouter';
import { selectAddEntry, selectBulkUpload, selectList } from '../machines/dataset-entries-page.selectors';
import { pageFromSearch } from '../machines/paged-list.machine';
import { selectConfirmDelete } from '../machines/paged-list.selectors';
import type { DatasetEntry } from '../domain/evaluation-service-types';
import { formatDateTime } from '../domain/format-date';
import { AddEntryDialog } from './AddEntryDialog';
import { BulkUploadDialog } from './BulkUploadDialog';
import { ConfirmDialog } from './ConfirmDialog';
import * as styles from './DatasetEntriesPage.css';
import { useLogic } from './logic-context';
import { PagedListFrame } from './PagedListFrame';
import { button } from './ui/button.css';
import * as pageStyles from './ui/page.css';
import * as table from './ui/table.css';
import { TableHead } from './ui/TableHead';
import { DeleteButton } from './ui/DeleteButton';
import { shortened } from '../domain/shorten-text';

// Spec §2 /dataset-entries: the paged table, 'Bulk Upload', 'Add Entry' and the delete confirmation.
export function DatasetEntriesPage() {
  const logic = useLogic();
  const search = useSearch();
  const page = useActorRef(logic.datasetEntriesPage, { input: { page: pageFromSearch(search) } });
  const list = useSelector(page, selectList);
  const addEntry = useSelector(page, selectAddEntry);
  const bulkUpload = useSelector(page, selectBulkUpload);
  const confirmDelete = useSelector(list, selectConfirmDelete);

  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title}>Dataset Entries</h1>
        <div className={styles.headerActions}>
          <button type="button" className={button({ tone: 'secondary' })} onClick={() => bulkUpload.send({ type: 'user.open' })}>
            Bulk Upload
          </button>
          <button type="button" className={button({ tone: 'primary' })} onClick={() => addEntry.send({ type: 'user.open' })}>
            Add Entry
          </button>
        </div>
      </div>

      <PagedListFrame<DatasetEntry>
        list={list}
        failure={(error) => `Failed to fetch dataset entries. ${error ?? ''}`}
        empty={(page) => (page === 1 ? 'No dataset entries yet.' : 'No dataset entries on this page.')}
      >
        {(entries) => (
          <table className={table.table}>
            <TableHead columns={['Input', 'Datasets', 'Created At', 'Actions']} />
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td className={table.cell}>
                    {/* Focusable so keyboard users can read the whole input too. */}
                    <span className={styles.truncated} title={entry.input} tabIndex={0}>
                      {entry.input}
                    </span>
                  </td>
                  <td className={table.cell}>
                    {entry.datasets.length === 0 ? (
                      <span className={styles.muted}>No datasets</span>
                    ) : (
                      <ul className={styles.chips}>
                        {entry.datasets.map((dataset) => (
                          <li key={dataset.id}>
                            <Link href={`/datasets/${dataset.id}/edit`} className={styles.chip}>
                              {dataset.name}
                            </Link>
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td className={table.cell}>{formatDateTime(entry.created_at)}</td>
                  <td className={table.cell}>
                    <div className={table.actions}>
                      <Link
                        href={`/dataset-entries/${entry.id}/edit`}
                        className={button({ tone: 'secondary', size: 'small' })}
                        aria-label={`Edit entry ${entry.id}`}
                      >
                        Edit
                      </Link>
                      <DeleteButton
                        confirm={confirmDelete}
                        subject={{ id: entry.id, name: entry.input }}
                        label={`Delete entry ${entry.id}`}
                      />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </PagedListFrame>

      {confirmDelete && (
        <ConfirmDialog
          actor={confirmDelete}
          title="Delete Dataset Entry"
          question={() => 'Are you sure you want to delete this dataset entry?'}
          detail={(entry) => `Entry ${entry.id}: “${shortened(entry.name)}”`}
        />
      )}
      <AddEntryDialog actor={addEntry} />
      <BulkUploadDialog actor={bulkUpload} />
    </div>
  );
}
