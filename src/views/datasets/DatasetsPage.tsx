import { useActorRef, useSelector } from '@xstate/react';
import { Link, useSearch } from 'wouter';
import { datasetsPageInput } from '../../machines/datasets/datasets-page.machine';
import { selectCreateDataset, selectList } from '../../machines/datasets/datasets-page.selectors';
import { selectConfirmDelete, selectFilterValue } from '../../machines/shared/paged-list.selectors';
import type { DatasetRow } from '../../domain/evaluations/evaluation-service-types';
import { formatDateTime } from '../../domain/shared/format-date';
import { counted } from '../../domain/shared/format-count';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { CreateDatasetDialog } from './CreateDatasetDialog';
import { useLogic } from '../shell/logic-context';
import { PagedListFrame } from '../ui/PagedListFrame';
import { useCan } from '../shell/role-context';
import { GatedButton } from '../ui/Gated';
import { button, linkButton } from '../ui/button.css';
import * as pageStyles from '../ui/page.css';
import * as table from '../ui/table.css';
import { TableCard } from '../ui/TableCard';
import { TableHead } from '../ui/TableHead';
import { DeleteButton } from '../ui/DeleteButton';
import * as filterBar from '../ui/filter-bar.css';
import { SearchBox } from '../ui/SearchBox';
import { DemoBadge } from '../ui/DemoBadge';

const selectSearch = selectFilterValue('search');

// /datasets: the paged table (with each dataset's entry count and a name search), its total and 'Page x of y',
// 'Add Dataset' and the delete confirmation. A role that may not change datasets sees Add Dataset refused with
// the reason, and no row's Edit or Delete (the name still opens the dataset).
export function DatasetsPage() {
  const logic = useLogic();
  const mayChange = useCan('dataset.change');
  const search = useSearch();
  const page = useActorRef(logic.datasetsPage, { input: datasetsPageInput(search) });
  const list = useSelector(page, selectList);
  const create = useSelector(page, selectCreateDataset);
  const confirmDelete = useSelector(list, selectConfirmDelete);
  const nameSearch = useSelector(list, selectSearch);

  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title}>Datasets</h1>
        <GatedButton action="dataset.change" className={button({ tone: 'primary' })} onClick={() => create.send({ type: 'user.open' })}>
          Add Dataset
        </GatedButton>
      </div>

      <div className={filterBar.bar}>
        <SearchBox
          label="Search datasets"
          value={nameSearch}
          onSearch={(text) => list.send({ type: 'user.filterChanged', name: 'search', value: text })}
        />
      </div>

      <PagedListFrame<DatasetRow>
        list={list}
        failure={(error) => `Failed to fetch datasets. ${error ?? ''}`}
        empty={(page) => (nameSearch ? 'No datasets match the search.' : page === 1 ? 'No datasets yet.' : 'No datasets on this page.')}
        counted={(total) => counted(total, 'dataset', 'datasets')}
      >
        {(datasets) => (
          <TableCard>
            <table className={table.table}>
              <TableHead columns={['Name', 'Description', 'Entries', 'Created At', ...(mayChange ? ['Actions'] : [])]} />
              <tbody>
                {datasets.map((dataset) => (
                  <tr key={dataset.id}>
                    <td className={table.cell}>
                      <Link href={`/datasets/${dataset.id}/edit`} className={linkButton}>
                        {dataset.name}
                      </Link>
                      <DemoBadge demo={dataset.demo} />
                    </td>
                    <td className={table.cell}>{dataset.description}</td>
                    <td className={table.cell}>{dataset.entry_count}</td>
                    <td className={table.cell}>{formatDateTime(dataset.created_at)}</td>
                    {mayChange && (
                      <td className={table.cell}>
                        <div className={table.actions}>
                          <Link
                            href={`/datasets/${dataset.id}/edit`}
                            className={button({ tone: 'secondary', size: 'small' })}
                            aria-label={`Edit ${dataset.name}`}
                          >
                            Edit
                          </Link>
                          <DeleteButton
                            confirm={confirmDelete}
                            subject={{ id: dataset.id, name: dataset.name }}
                            label={`Delete ${dataset.name}`}
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
          title="Delete Dataset"
          question={(subject) => `Are you sure you want to delete the dataset "${subject.name}"?`}
        />
      )}
      <CreateDatasetDialog actor={create} />
    </div>
  );
}
