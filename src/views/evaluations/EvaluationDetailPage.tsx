import { useActorRef, useSelector } from '@xstate/react';
import { Fragment } from 'react';
import type { ActorRefFrom } from 'xstate';
import { Link, useSearch } from 'wouter';
import { evaluationDetailInput, type evaluationDetailMachine } from '../../machines/evaluations/evaluation-detail.machine';
import {
  selectEvaluation,
  selectComparer,
  selectExporter,
  selectFiguresWait,
  selectFollower,
  selectList,
  selectMissing,
  selectNotFound,
} from '../../machines/evaluations/evaluation-detail.selectors';
import { selectFilterValue, selectIsFiltered } from '../../machines/shared/paged-list.selectors';
import { selectData } from '../../machines/shared/resource.selectors';
import { selectHasEnded, selectIsWatching, selectWatchedRun } from '../../machines/runs/run-progress.selectors';
import {
  COMPLETION_LABELS,
  COMPLETIONS,
  evaluationExportFormats,
  evaluationFacts,
  evaluationSortOptions,
  isScoring,
  resultSummaryText,
  type EvaluationDetails,
  type EvaluationResult,
} from '../../domain/evaluations/evaluation-results';
import { selectedStatuses, toggledStatus } from '../../domain/runs/result-filters';
import { formatDateTime } from '../../domain/shared/format-date';
import { counted, formatTotal } from '../../domain/shared/format-count';
import { completionTone, experimentRunStatusTone } from '../../domain/shared/status-colours';
import { useLogic } from '../shell/logic-context';
import { useOrigin } from '../shell/use-origin';
import { WatchedRun, type RunProgressRef } from '../runs/RunProgressPanel';
import { MeanMetrics } from '../runs/MeanMetrics';
import { ResultExports } from '../runs/ResultExports';
import { CompareWithDialog } from '../compare/CompareWithDialog';
import * as runStyles from '../runs/RunResultsPage.css';
import * as tableStyles from '../runs/RunResultsTable.css';
import * as backendStyles from '../experiments/BackendPages.css';
import * as styles from './EvaluationDetailPage.css';
import { button } from '../ui/button.css';
import * as filterBar from '../ui/filter-bar.css';
import * as pageStyles from '../ui/page.css';
import { PagedListFrame, type PagedListRef } from '../ui/PagedListFrame';
import { rowHeader } from '../ui/row-header.css';
import { SearchBox } from '../ui/SearchBox';
import { StatusMessage } from '../ui/StatusMessage';
import { statusBadge, statusBadgeTone } from '../ui/status-badge.css';
import { errorMessage } from '../ui/status.css';
import * as table from '../ui/table.css';
import { TableCard } from '../ui/TableCard';

type PageRef = ActorRefFrom<typeof evaluationDetailMachine>;

const selectEvaluationData = selectData<EvaluationDetails>;

// /evaluations/{id}: an evaluation (a ranking made elsewhere, scored here): its name and what it was scored with,
// its scoring's progress while it goes, then its means, its exports and its queries (filtered by completion and
// query text, sorted by a metric or the query, paged; all in the address). A query opens its test case.
// 'Back to Evaluations' returns to the list the person came from, at its page.
export function EvaluationDetailPage({ id, origin }: { id: number | null; origin?: string | null }) {
  const logic = useLogic();
  const search = useSearch();
  const cameFrom = useOrigin();
  const page = useActorRef(logic.evaluationDetail, { input: evaluationDetailInput(id, search, origin === undefined ? cameFrom : origin) });
  const notFound = useSelector(page, selectNotFound);
  const missing = useSelector(page, selectMissing);
  const evaluation = useSelector(useSelector(page, selectEvaluation), selectEvaluationData);
  const comparer = useSelector(page, selectComparer);

  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <div>
          <h1 className={pageStyles.title}>{evaluation ? evaluation.name : 'Evaluation'}</h1>
          {evaluation && (
            <p className={pageStyles.lead}>
              Uploaded by {evaluation.created_by} · {formatDateTime(evaluation.created_at)}
            </p>
          )}
        </div>
        <div className={styles.actions}>
          <button type="button" className={button({ tone: 'secondary' })} onClick={() => page.send({ type: 'user.back' })}>
            Back to Evaluations
          </button>
          {evaluation && !isScoring(evaluation) && (
            <button
              type="button"
              className={button({ tone: 'primary' })}
              onClick={() => comparer.send({ type: 'user.open', run: { id: evaluation.run_id, created_at: evaluation.created_at } })}
            >
              Compare with…
            </button>
          )}
        </div>
      </div>
      <CompareWithDialog actor={comparer} />
      {notFound || missing ? (
        <p className={errorMessage} role="alert">
          {notFound ? 'Invalid evaluation ID' : 'Evaluation not found'}
        </p>
      ) : (
        // Not notFound: the address named a valid id.
        <Evaluation evaluationId={id!} page={page} evaluation={evaluation} />
      )}
    </div>
  );
}

function Evaluation({ evaluationId, page, evaluation }: { evaluationId: number; page: PageRef; evaluation: EvaluationDetails | null }) {
  const follower = useSelector(page, selectFollower);
  const wait = useSelector(page, selectFiguresWait);
  return (
    <div>
      {evaluation && <Facts evaluation={evaluation} followed={follower !== undefined} />}
      {follower && <FollowedRun progress={follower} />}
      {wait !== null ? <StatusMessage>{figuresWaitText[wait]}</StatusMessage> : <Figures evaluationId={evaluationId} page={page} />}
    </div>
  );
}

const figuresWaitText = {
  opening: 'Loading...',
  following: 'The mean metrics and the queries show once the scoring has ended.',
  settling: 'Loading the final results...',
};

/** What it was scored with and on, its status, and why its scoring failed (the followed run's panel says it when followed here). */
function Facts({ evaluation, followed }: { evaluation: EvaluationDetails; followed: boolean }) {
  return (
    <>
      <dl className={styles.facts}>
        {evaluationFacts(evaluation).map(({ term, value }) => (
          <Fragment key={term}>
            <dt className={styles.term}>{term}</dt>
            <dd className={styles.definition}>{value}</dd>
          </Fragment>
        ))}
        <dt className={styles.term}>Status</dt>
        <dd className={styles.definition}>
          <span className={`${statusBadge} ${statusBadgeTone[experimentRunStatusTone(evaluation.status)]}`}>{evaluation.status}</span>
        </dd>
      </dl>
      {!followed && !isScoring(evaluation) && evaluation.error && (
        <p className={errorMessage} role="alert">
          {evaluation.error}
        </p>
      )}
    </>
  );
}

/** The evaluation's run being followed on this page: live while it is scored, then how it ended. */
function FollowedRun({ progress }: { progress: RunProgressRef }) {
  const run = useSelector(progress, selectWatchedRun);
  const watching = useSelector(progress, selectIsWatching);
  const ended = useSelector(progress, selectHasEnded);
  return run && (watching || ended) ? <WatchedRun progress={progress} run={run} ended={ended} /> : null;
}

/** Its means, exports and queries: all of one moment (a scored evaluation's). */
function Figures({ evaluationId, page }: { evaluationId: number; page: PageRef }) {
  const summary = useSelector(page, selectEvaluation);
  const exporter = useSelector(page, selectExporter);
  const list = useSelector(page, selectList);
  const evaluation = useSelector(summary, selectEvaluationData);
  return (
    <>
      <div className={runStyles.overview}>
        <MeanMetrics titleId={`evaluation-${evaluationId}-mean-metrics`} actor={summary} failure="Failed to fetch the evaluation." />
        <ResultExports id={evaluationId} actor={exporter} formats={evaluationExportFormats} />
      </div>
      <QueriesTable list={list} metricNames={Object.keys(evaluation?.summary?.mean_metrics ?? {})} />
    </>
  );
}

const selectStatus = selectFilterValue('status');
const selectSearch = selectFilterValue('search');
const selectSort = selectFilterValue('sort');
const selectOrder = selectFilterValue('order');

/** The evaluation's queries: completions to show, a search of the query, a sort, then the table. */
function QueriesTable({ list, metricNames }: { list: PagedListRef; metricNames: string[] }) {
  const status = useSelector(list, selectStatus);
  const search = useSelector(list, selectSearch);
  const sort = useSelector(list, selectSort);
  const order = useSelector(list, selectOrder);
  const filtered = useSelector(list, selectIsFiltered);
  const shown = new Set(selectedStatuses(status, COMPLETIONS));
  const filter = (name: string, value: string) => list.send({ type: 'user.filterChanged', name, value });

  return (
    <section aria-label="Queries">
      <div className={filterBar.bar}>
        <fieldset className={tableStyles.statuses}>
          <legend className={tableStyles.legend}>Status</legend>
          {COMPLETIONS.map((completion) => (
            <label key={completion} className={tableStyles.status}>
              <input
                type="checkbox"
                checked={shown.has(completion)}
                onChange={() => filter('status', toggledStatus(status, completion, COMPLETIONS))}
              />
              {COMPLETION_LABELS[completion]}
            </label>
          ))}
        </fieldset>
        <SearchBox label="Search queries" value={search} onSearch={(text) => filter('search', text)} />
        <label className={tableStyles.sort}>
          Sort by
          <select className={backendStyles.select} value={sort} onChange={(event) => filter('sort', event.target.value)}>
            {evaluationSortOptions(metricNames, sort).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        {sort && (
          <label className={tableStyles.sort}>
            Order
            <select className={backendStyles.select} value={order || 'asc'} onChange={(event) => filter('order', event.target.value)}>
              <option value="asc">Lowest first</option>
              <option value="desc">Highest first</option>
            </select>
          </label>
        )}
      </div>
      <PagedListFrame<EvaluationResult>
        list={list}
        failure={() => 'Failed to fetch the evaluation’s queries.'}
        empty={(page) =>
          filtered ? 'No queries match these filters.' : page === 1 ? 'No queries scored yet.' : 'No queries on this page.'
        }
        counted={(total, capped) => (capped ? `${formatTotal(total, capped)} queries` : counted(total, 'query', 'queries'))}
      >
        {(results) => (
          <TableCard>
            <table className={table.table} aria-label="Queries">
              <thead>
                <tr>
                  {['Query', 'Status', 'Created At', 'Summary'].map((column) => (
                    <th key={column} className={table.headCell} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {results.map((row) => (
                  <tr key={row.id}>
                    <th className={`${table.cell} ${rowHeader}`} scope="row">
                      <Link href={`/test-case/${row.id}`}>{row.result.input}</Link>
                    </th>
                    <td className={table.cell}>
                      {row.completion ? (
                        <span className={`${statusBadge} ${statusBadgeTone[completionTone(row.completion)]}`}>
                          {COMPLETION_LABELS[row.completion]}
                        </span>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td className={`${table.cell} ${styles.nowrap}`}>{formatDateTime(row.created_at)}</td>
                    <td className={`${table.cell} ${styles.summary}`}>
                      {resultSummaryText(row.result.results?.metrics) || row.result.test_result || '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableCard>
        )}
      </PagedListFrame>
    </section>
  );
}
