import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { selectFilterValue, selectIsFiltered } from '../../machines/shared/paged-list.selectors';
import type { PassedRunResult } from '../../machines/runs/run-result-details.machine';
import type { ExperimentRunResult } from '../../domain/experiments/evaluation-backend-types';
import { formatConfiguration } from '../../domain/experiments/format-configuration';
import { formatMetric } from '../../domain/shared/format-metric';
import { metricLabel } from '../../domain/shared/metric-label';
import { formatDateTime } from '../../domain/shared/format-date';
import { counted, formatTotal } from '../../domain/shared/format-count';
import {
  ariaSort,
  metricColumns,
  metricHeaderSort,
  RESULT_STATUSES,
  selectedStatuses,
  sortOptions,
  toggledStatus,
} from '../../domain/runs/result-filters';
import { runResultStatusTone } from '../../domain/shared/status-colours';
import { messages } from '../ui/backend-messages';
import * as backendStyles from '../experiments/BackendPages.css';
import { PagedListFrame, type PagedListRef } from '../ui/PagedListFrame';
import * as styles from './RunResultsTable.css';
import { button } from '../ui/button.css';
import * as filterBar from '../ui/filter-bar.css';
import { SearchBox } from '../ui/SearchBox';
import { statusBadge, statusBadgeTone } from '../ui/status-badge.css';
import * as table from '../ui/table.css';
import { TableCard } from '../ui/TableCard';

const selectStatus = selectFilterValue('status');
const selectSearch = selectFilterValue('search');
const selectSort = selectFilterValue('sort');
const selectOrder = selectFilterValue('order');

/** The id of the run's configuration above the table, which each row's configuration cell points to. */
export const RUN_CONFIGURATION_ID = 'run-configuration';

// The run's results to triage: statuses to show, a search of the input, a sort by a metric of the run or the
// input (each in the address with the page, through the list's filter), then the results table itself: the
// specification's columns, each metric of the run in a column of its own beside Test Result (its header sorts
// by it). The configuration is shown once above the table: a row's cell points to it (the row's own on hover).
// Inputs are cut to two lines: the whole text on hover or focus.
export function RunResultsTable({ runId, list, metricNames }: { runId: number; list: PagedListRef; metricNames: string[] }) {
  const status = useSelector(list, selectStatus);
  const search = useSelector(list, selectSearch);
  const sort = useSelector(list, selectSort);
  const order = useSelector(list, selectOrder);
  const filtered = useSelector(list, selectIsFiltered);
  const shown = new Set(selectedStatuses(status));
  const filter = (name: string, value: string) => list.send({ type: 'user.filterChanged', name, value });

  return (
    <section aria-label="Results">
      <div className={filterBar.bar}>
        <fieldset className={styles.statuses}>
          <legend className={styles.legend}>Status</legend>
          {RESULT_STATUSES.map((name) => (
            <label key={name} className={styles.status}>
              <input type="checkbox" checked={shown.has(name)} onChange={() => filter('status', toggledStatus(status, name))} />
              {name}
            </label>
          ))}
        </fieldset>
        <SearchBox label="Search inputs" value={search} onSearch={(text) => filter('search', text)} />
        <label className={styles.sort}>
          Sort by
          <select className={backendStyles.select} value={sort} onChange={(event) => filter('sort', event.target.value)}>
            {sortOptions(metricNames, sort).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        {sort && (
          <label className={styles.sort}>
            Order
            <select className={backendStyles.select} value={order || 'asc'} onChange={(event) => filter('order', event.target.value)}>
              <option value="asc">Lowest first</option>
              <option value="desc">Highest first</option>
            </select>
          </label>
        )}
      </div>
      <PagedListFrame<ExperimentRunResult>
        list={list}
        failure={() => messages.runResults}
        empty={(page) => (filtered ? messages.noMatchingRunResults : page === 1 ? messages.noRunResultsData : messages.noRunResults)}
        counted={(total, capped) => (capped ? `${formatTotal(total, capped)} results` : counted(total, 'result', 'results'))}
      >
        {(results, page) => (
          <TableCard>
            <table className={table.table} aria-label={`Results of run ${runId}`}>
              <thead>
                <tr>
                  {['Experiment Configuration', 'Input', 'Status', 'Version', 'Test Result'].map((column) => (
                    <th key={column} className={table.headCell} scope="col">
                      {column}
                    </th>
                  ))}
                  {metricColumns(metricNames).map((name) => {
                    const next = metricHeaderSort(name, sort, order);
                    return (
                      <th key={name} className={table.headCell} scope="col" aria-sort={ariaSort(name, sort, order)}>
                        <button type="button" className={styles.sortHeader} onClick={() => filter(next.name, next.value)}>
                          {metricLabel(name)}
                        </button>
                      </th>
                    );
                  })}
                  {['Created At', 'Actions'].map((column) => (
                    <th key={column} className={table.headCell} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {results.map((row) => {
                  const passed: PassedRunResult = { result: row, runId, page };
                  const metrics = row.result.results?.metrics ?? {};
                  return (
                    <tr key={row.id}>
                      <td className={table.cell}>
                        <a href={`#${RUN_CONFIGURATION_ID}`} title={formatConfiguration(row.experiment_configuration)}>
                          As above
                        </a>
                      </td>
                      <td className={table.cell}>
                        {/* The whole input on hover and focus, and in Details. */}
                        <span className={styles.twoLines} title={row.result.input} tabIndex={0}>
                          {row.result.input}
                        </span>
                      </td>
                      <td className={table.cell}>
                        <span className={`${statusBadge} ${statusBadgeTone[runResultStatusTone(row.result.status)]}`}>
                          {row.result.status}
                        </span>
                      </td>
                      <td className={table.cell}>{row.result.version}</td>
                      <td className={`${table.cell} ${styles.testResult}`}>{row.result.test_result}</td>
                      {metricColumns(metricNames).map((name) => (
                        <td key={name} className={`${table.cell} ${styles.metric}`}>
                          {name in metrics ? formatMetric(metrics[name]) : '—'}
                        </td>
                      ))}
                      <td className={`${table.cell} ${backendStyles.nowrap}`}>{formatDateTime(row.created_at)}</td>
                      <td className={table.cell}>
                        <Link
                          href={`/experiment-run-result-details/${row.id}`}
                          state={passed}
                          className={button({ tone: 'secondary', size: 'small' })}
                          aria-label={`Details of result ${row.id}`}
                        >
                          Details
                        </Link>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableCard>
        )}
      </PagedListFrame>
    </section>
  );
}
