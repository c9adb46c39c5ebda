import { useActorRef, useSelector } from '@xstate/react';
import { Link, useSearch } from 'wouter';
import { datasetEntriesPageInput } from '../../machines/entries/dataset-entries-page.machine';
import { selectAddEntry, selectBulkUpload, selectDatasetOptions, selectList } from '../../machines/entries/dataset-entries-page.selectors';
import { selectConfirmDelete, selectFilterValue, selectIsFiltered } from '../../machines/shared/paged-list.selectors';
import { selectData } from '../../machines/shared/resource.selectors';
import type { DatasetEntry, DatasetRef } from '../../domain/evaluations/evaluation-service-types';
import { formatDateTime } from '../../domain/shared/format-date';
import { entryTotal } from '../../domain/shared/format-count';
import { AddEntryDialog } from './AddEntryDialog';
import { BulkUploadDialog } from '../datasets/BulkUploadDialog';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import * as styles from './DatasetEntriesPage.css';
import { useLogic } from '../shell/logic-context';
import { PagedListFrame } from '../ui/PagedListFrame';
import { useCan } from '../shell/role-context';
import { GatedButton } from '../ui/Gated';
import { button } from '../ui/button.css';
import * as pageStyles from '../ui/page.css';
import * as table from '../ui/table.css';
import { truncated } from '../ui/truncated.css';
import { TableCard } from '../ui/TableCard';
import { TableHead } from '../ui/TableHead';
import { DeleteButton } from '../ui/DeleteButton';
import { shortened } from '../../domain/shared/shorten-text';
import * as filterBar from '../ui/filter-bar.css';
import { SearchBox } from '../ui/SearchBox';
import { DemoBadge } from '../ui/DemoBadge';
import { withBadge } from '../ui/demo-badge.css';

const selectSearch = selectFilterValue('search');
const selectDatasetFilter = selectFilterValue('dataset');

// /dataset-entries: the paged table, 'Bulk Upload', 'Add Entry' and the delete confirmation; above
// the table a search and a dataset filter, the total and 'Page x of y' (all but the total in the address).
// A role that may not change entries sees Bulk Upload and Add Entry refused with the reason, and no row's
// Edit or Delete.
export function DatasetEntriesPage() {
  const logic = useLogic();
  const mayChange = useCan('entry.change');
  const search = useSearch();
  const page = useActorRef(logic.datasetEntriesPage, { input: datasetEntriesPageInput(search) });
  const list = useSelector(page, selectList);
  const addEntry = useSelector(page, selectAddEntry);
  const bulkUpload = useSelector(page, selectBulkUpload);
  const confirmDelete = useSelector(list, selectConfirmDelete);
  const inputSearch = useSelector(list, selectSearch);
  const datasetFilter = useSelector(list, selectDatasetFilter);
  const filtered = useSelector(list, selectIsFiltered);
  const datasets = useSelector(useSelector(page, selectDatasetOptions), selectData<DatasetRef[]>) ?? [];

  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title}>Dataset Entries</h1>
        <div className={styles.headerActions}>
          <GatedButton
            action="entry.change"
            className={button({ tone: 'secondary' })}
            onClick={() => bulkUpload.send({ type: 'user.open' })}
          >
            Bulk Upload
          </GatedButton>
          <GatedButton action="entry.change" className={button({ tone: 'primary' })} onClick={() => addEntry.send({ type: 'user.open' })}>
            Add Entry
          </GatedButton>
        </div>
      </div>

      <div className={filterBar.bar}>
        <SearchBox
          label="Search entries"
          value={inputSearch}
          onSearch={(text) => list.send({ type: 'user.filterChanged', name: 'search', value: text })}
        />
        <select
          className={filterBar.control}
          aria-label="Dataset"
          value={datasetFilter}
          onChange={(event) => list.send({ type: 'user.filterChanged', name: 'dataset', value: event.target.value })}
        >
          <option value="">All datasets</option>
          {datasets.map((dataset) => (
            <option key={dataset.id} value={String(dataset.id)}>
              {dataset.name}
            </option>
          ))}
        </select>
      </div>

      <PagedListFrame<DatasetEntry>
        list={list}
        failure={(error) => `Failed to fetch dataset entries. ${error ?? ''}`}
        empty={(page) =>
          filtered ? 'No dataset entries match the filters.' : page === 1 ? 'No dataset entries yet.' : 'No dataset entries on this page.'
        }
        counted={entryTotal}
      >
        {(entries) => (
          <TableCard>
            <table className={table.table}>
              <TableHead columns={['Input', 'Datasets', 'Created At', ...(mayChange ? ['Actions'] : [])]} />
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <td className={table.cell}>
                      <div className={withBadge}>
                        {/* Focusable so keyboard users can read the whole input too. */}
                        <span className={truncated} title={entry.input} tabIndex={0}>
                          {entry.input}
                        </span>
                        <DemoBadge demo={entry.demo} />
                      </div>
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
                    {mayChange && (
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
                    )}
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
