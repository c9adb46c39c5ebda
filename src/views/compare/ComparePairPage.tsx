import { useActorRef, useSelector } from '@xstate/react';
import { Link, useSearch } from 'wouter';
import type { ComparePairInput, PairResult, Side } from '../../machines/compare/compare-pair.machine';
import {
  selectBaseline,
  selectCandidate,
  selectCanRetry,
  selectIsInvalid,
  selectIsLoading,
  selectIsShowing,
  selectMetric,
  selectProblems,
  type SideProblem,
} from '../../machines/compare/compare-pair.selectors';
import { compareHref, readComparePairSearch } from '../../domain/compare/compare-links';
import { formatMean } from '../../domain/shared/format-metric';
import { formatDelta } from '../../domain/compare/compare-format';
import { metricLabel } from '../../domain/shared/metric-label';
import { deltaTone, metricDeltas, pairSides, type PairMissing, type PairRow } from '../../domain/compare/rank-moves';
import { LEGEND, ROLE_LABELS } from '../../domain/runs/result-products';
import { runLabel } from '../../domain/runs/run-label';
import * as styles from './ComparePairPage.css';
import { useLogic } from '../shell/logic-context';
import { button } from '../ui/button.css';
import * as pageStyles from '../ui/page.css';
import { errorMessage } from '../ui/status.css';
import * as table from '../ui/table.css';
import { TableCard } from '../ui/TableCard';
import { TableHead } from '../ui/TableHead';
import { StatusMessage } from '../ui/StatusMessage';

/** The route: the two result ids (and the metric) come from the address; another address starts a new page. */
export function ComparePairRoute() {
  const search = useSearch();
  return <ComparePairPage key={search} {...readComparePairSearch(search)} />;
}

const SIDE_NAMES: Record<Side, string> = { baseline: 'Baseline', candidate: 'Candidate' };

/** 'Run #2' (its number in its experiment); a result that does not say its run is named by its own id. */
const runOf = (result: PairResult) =>
  result.run_id !== undefined ? runLabel({ id: result.run_id, number: result.runNumber }) : `Result ${result.id}`;

/** 'Baseline · Run #2'. */
const sideTitle = (side: Side, result: PairResult) => `${SIDE_NAMES[side]} · ${runOf(result)}`;

const problemText = ({ side, id, kind, error }: SideProblem) =>
  kind === 'missing' ? `No ${side} result ${id} found.` : `Could not load the ${side} result ${id}: ${error}`;

// /compare/pair: why one query moved between two runs. Both ranked lists side by side, each product
// with its grade and its move from the baseline's rank to the candidate's, each side's missings, and every
// metric of both with its delta; a way back to the comparison of the two runs.
export function ComparePairPage(props: ComparePairInput) {
  const logic = useLogic();
  const actor = useActorRef(logic.comparePair, { input: props });
  const invalid = useSelector(actor, selectIsInvalid);
  const loading = useSelector(actor, selectIsLoading);
  const canRetry = useSelector(actor, selectCanRetry);
  const problems = useSelector(actor, selectProblems);
  const baseline = useSelector(actor, selectBaseline);
  const candidate = useSelector(actor, selectCandidate);
  const metric = useSelector(actor, selectMetric);
  const showing = useSelector(actor, selectIsShowing);
  const both = showing && baseline && candidate ? { baseline, candidate } : null;

  return (
    <div className={pageStyles.page}>
      {both && both.baseline.run_id !== undefined && both.candidate.run_id !== undefined && (
        <nav aria-label="Breadcrumb" className={styles.breadcrumbs}>
          <Link href={compareHref(both.baseline.run_id, both.candidate.run_id, metric)}>
            {runOf(both.baseline)} vs {runOf(both.candidate)}
          </Link>
          <span aria-hidden="true"> › </span>
          <span aria-current="page">Query</span>
        </nav>
      )}
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title}>{both ? `Query: ${both.candidate.result.input}` : 'Compare a Query'}</h1>
      </div>
      {invalid && (
        <p className={errorMessage} role="alert">
          The address needs two run result ids: baseline_result and candidate_result.
        </p>
      )}
      {problems.map((problem) => (
        <p key={problem.side} className={errorMessage} role="alert">
          {problemText(problem)}
        </p>
      ))}
      {canRetry && (
        <button type="button" className={button({ tone: 'secondary' })} onClick={() => actor.send({ type: 'user.retry' })}>
          Try again
        </button>
      )}
      {loading && <StatusMessage>Loading...</StatusMessage>}
      {both && <Pair baseline={both.baseline} candidate={both.candidate} metric={metric} />}
    </div>
  );
}

function Pair({ baseline, candidate, metric }: { baseline: PairResult; candidate: PairResult; metric: string | null }) {
  const names = { ...baseline.product_names, ...candidate.product_names };
  const sides = pairSides(baseline.result.results ?? {}, candidate.result.results ?? {}, names);
  return (
    <>
      {baseline.result.input !== candidate.result.input && (
        <p className={styles.warning} role="note">
          These results are for different queries: “{baseline.result.input}” (baseline) and “{candidate.result.input}” (candidate).
        </p>
      )}
      <ul className={styles.legend} aria-label="Legend">
        {LEGEND.map(({ role, text }) => (
          <li key={role}>
            <span className={`${styles.swatch} ${styles.matchBorder[role]}`} aria-hidden="true" />
            {text}
          </li>
        ))}
      </ul>
      <div className={styles.sides}>
        {(['baseline', 'candidate'] as const).map((side) => {
          const result = side === 'baseline' ? baseline : candidate;
          const other = side === 'baseline' ? 'candidate' : 'baseline';
          return (
            <section key={side} className={styles.section} aria-label={sideTitle(side, result)}>
              <h2 className={styles.sectionTitle}>{sideTitle(side, result)}</h2>
              <p className={styles.note}>
                {sides[side].commons} common · {sides[side].missings.length} missing ·{' '}
                <Link href={`/experiment-run-result-details/${result.id}`}>Details of result {result.id}</Link>
              </p>
              <RankedList title={sideTitle(side, result)} rows={sides[side].rows} />
              <Missings side={side} other={other} missings={sides[side].missings} />
            </section>
          );
        })}
      </div>
      <Metrics baseline={baseline} candidate={candidate} metric={metric} />
    </>
  );
}

function RankedList({ title, rows }: { title: string; rows: PairRow[] }) {
  if (rows.length === 0) return <p className={styles.note}>No products returned.</p>;
  return (
    <TableCard>
      <table className={table.table} aria-label={`${title} results`}>
        <TableHead columns={['#', 'Product', 'Grade', 'Move']} />
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.rank}:${row.productId}`} className={`${styles.row} ${styles.matchBorder[row.role]}`} data-match={row.role}>
              <td className={`${table.cell} ${styles.rank}`}>#{row.rank}</td>
              <td className={table.cell}>
                <p className={styles.productName}>{row.name}</p>
                {row.name !== row.productId && <p className={styles.productMeta}>{row.productId}</p>}
              </td>
              <td className={table.cell}>
                {ROLE_LABELS[row.role]} · {row.grade}
              </td>
              <td className={table.cell}>
                <span className={styles.move[row.move.kind]} title={row.move.title}>
                  {row.move.text}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableCard>
  );
}

/** What this side's golden set judges relevant and it did not return; where the other side has it, if it does. */
function Missings({ side, other, missings }: { side: Side; other: Side; missings: PairMissing[] }) {
  const title = `Missing from the ${side}`;
  return (
    <>
      <h3 className={styles.sectionTitle}>{title}</h3>
      {missings.length === 0 ? (
        <p className={styles.note}>None: every relevant judged product was returned.</p>
      ) : (
        <ul className={styles.missings} aria-label={title}>
          {missings.map((missing) => (
            <li key={missing.productId}>
              {missing.name}
              {missing.name !== missing.productId && ` (${missing.productId})`} · {missing.grade} ·{' '}
              {missing.otherRank === null ? `not returned by the ${other} either` : `the ${other} has it at #${missing.otherRank}`}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Metrics({ baseline, candidate, metric }: { baseline: PairResult; candidate: PairResult; metric: string | null }) {
  const rows = metricDeltas(baseline.result.results?.metrics, candidate.result.results?.metrics);
  return (
    <section className={`${styles.section} ${styles.metrics}`}>
      <h2 className={styles.sectionTitle}>Metrics</h2>
      {rows.length === 0 ? (
        <p className={styles.note}>Neither result has metrics.</p>
      ) : (
        <TableCard>
          <table className={table.table} aria-label="Metrics">
            <TableHead columns={['Metric', sideTitle('baseline', baseline), sideTitle('candidate', candidate), 'Delta']} />
            <tbody>
              {rows.map((row) => (
                <tr
                  key={row.name}
                  className={row.name === metric ? styles.chosen : undefined}
                  aria-current={row.name === metric || undefined}
                >
                  <th scope="row" className={`${table.cell} ${styles.metricName}`} title={row.name}>
                    {metricLabel(row.name)}
                    {row.name === metric && <span className={styles.chosenMark}>(compared)</span>}
                  </th>
                  <td className={`${table.cell} ${styles.number}`}>{row.baseline === null ? '—' : formatMean(row.baseline)}</td>
                  <td className={`${table.cell} ${styles.number}`}>{row.candidate === null ? '—' : formatMean(row.candidate)}</td>
                  <td className={`${table.cell} ${styles.number} ${styles.delta[deltaTone(row.name, row.delta)]}`}>
                    {formatDelta(row.delta)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableCard>
      )}
    </section>
  );
}
