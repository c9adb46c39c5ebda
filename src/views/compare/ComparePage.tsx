import { Fragment } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, useSearch } from 'wouter';
import { selectCanExport, selectExportError, selectExportingFormat, selectSavedAs } from '../../machines/shared/file-export.selectors';
import {
  selectBreadcrumbs,
  selectCanRetry,
  selectCanSwap,
  selectDifferences,
  selectComparison,
  selectError,
  selectExporter,
  selectIsLoading,
  selectProblem,
  type ComparePageRef,
} from '../../machines/compare/compare-page.selectors';
import { runHref } from '../../domain/compare/compare-address';
import type { ComparedRun, RunComparison } from '../../domain/compare/comparison-types';
import { pairedText, runName, unpairedText } from '../../domain/compare/compare-format';
import { runLabel } from '../../domain/runs/run-label';
import { regressionsQueuePath } from '../../domain/judging/queue-scope';
import { GatedLink } from '../ui/Gated';
import { RunDifferences } from '../runs/RunDifferences';
import { RunTags } from '../runs/RunTags';
import { CompareQueries } from './CompareQueries';
import { CompareSegments } from './CompareSegments';
import { CompareSummary } from './CompareSummary';
import { CompareOverlap } from './CompareOverlap';
import * as styles from './ComparePage.css';
import { useLogic } from '../shell/logic-context';
import { useOrigin } from '../shell/use-origin';
import { button } from '../ui/button.css';
import * as pageStyles from '../ui/page.css';
import { errorMessage } from '../ui/status.css';
import { StatusMessage } from '../ui/StatusMessage';

// /compare?baseline=A&candidate=B: which run is which (each by its number in its experiment, with its tags;
// Swap exchanges them), what differs between their configurations, the paired statistics of every metric both
// have, how alike their rankings are (CompareOverlap), then the chosen metric query by query (CompareQueries). What was loaded stays while a choice loads.
export function ComparePage() {
  const logic = useLogic();
  const search = useSearch();
  const origin = useOrigin();
  const page = useActorRef(logic.comparePage, { input: { search, origin } });
  const problem = useSelector(page, selectProblem);
  const error = useSelector(page, selectError);
  const canRetry = useSelector(page, selectCanRetry);
  const loading = useSelector(page, selectIsLoading);
  const comparison = useSelector(page, selectComparison);
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs page={page} />
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title}>Compare runs</h1>
        {comparison && <CompareExport page={page} />}
      </div>
      {problem && (
        <p className={errorMessage} role="alert">
          {problem}
        </p>
      )}
      {error && (
        <div>
          <p className={errorMessage} role="alert">
            {error}
          </p>
          {canRetry && (
            <button type="button" className={button({ tone: 'secondary' })} onClick={() => page.send({ type: 'user.retry' })}>
              Try again
            </button>
          )}
        </div>
      )}
      {loading && !comparison && <StatusMessage>Loading...</StatusMessage>}
      {comparison && (
        <>
          <ComparedRuns page={page} comparison={comparison} />
          <CompareSummary comparison={comparison} />
          <CompareOverlap page={page} comparison={comparison} />
          <CompareSegments page={page} comparison={comparison} />
          <CompareQueries page={page} comparison={comparison} />
        </>
      )}
    </div>
  );
}

function Breadcrumbs({ page }: { page: ComparePageRef }) {
  const crumbs = useSelector(page, selectBreadcrumbs);
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb" className={styles.breadcrumbs}>
      {crumbs.map((crumb) => (
        <Fragment key={crumb.href}>
          <Link href={crumb.href}>{crumb.label}</Link>
          <span aria-hidden="true"> › </span>
        </Fragment>
      ))}
      <span aria-current="page">Compare runs</span>
    </nav>
  );
}

function ComparedRuns({ page, comparison }: { page: ComparePageRef; comparison: RunComparison }) {
  const show = (filter: 'only_baseline' | 'only_candidate') => page.send({ type: 'user.filterChosen', filter });
  const canSwap = useSelector(page, selectCanSwap);
  const differences = useSelector(page, selectDifferences);
  const [baseline, candidate] = [comparison.baseline, comparison.candidate].map(runLabel);
  return (
    <section className={styles.runs} aria-label="Compared runs">
      <div className={styles.runBar}>
        <dl className={styles.runList}>
          <RunTerm role="Baseline" run={comparison.baseline} />
          <RunTerm role="Candidate" run={comparison.candidate} />
        </dl>
        <button
          type="button"
          className={button({ tone: 'secondary' })}
          disabled={!canSwap}
          title="Make the candidate the baseline and the baseline the candidate"
          onClick={() => page.send({ type: 'user.swap' })}
        >
          Swap
        </button>
      </div>
      <p className={styles.paired}>{pairedText(comparison.paired)}</p>
      {comparison.candidate.golden_set_id !== null && (
        <p className={styles.unpaired}>
          <GatedLink
            action="judgement.change"
            href={regressionsQueuePath(comparison.candidate.id, comparison.baseline.id)}
            className={button({ tone: 'secondary' })}
          >
            Judge the regressions
          </GatedLink>
        </p>
      )}
      <p className={styles.unpaired}>
        <span>{unpairedText(comparison)}</span>
        {comparison.only_baseline > 0 && (
          <button type="button" className={styles.listLink} onClick={() => show('only_baseline')}>
            List those only in the baseline
          </button>
        )}
        {comparison.only_candidate > 0 && (
          <button type="button" className={styles.listLink} onClick={() => show('only_candidate')}>
            List those only in the candidate
          </button>
        )}
      </p>
      <div className={styles.differences}>
        <RunDifferences first={`${baseline} (baseline)`} second={`${candidate} (candidate)`} differences={differences} />
      </div>
    </section>
  );
}

function RunTerm({ role, run }: { role: string; run: ComparedRun }) {
  return (
    <div className={styles.run}>
      <dt className={styles.runRole}>{role}</dt>
      <dd className={styles.runName}>
        <Link href={runHref(run)}>{runName(run)}</Link>
      </dd>
      <dd className={styles.runTags}>
        <RunTags tags={run.tags} label={`the ${role.toLowerCase()}`} />
      </dd>
    </div>
  );
}

/** The rows of the current filter, search and order as CSV, through the file-export machine. */
function CompareExport({ page }: { page: ComparePageRef }) {
  const exporter = useSelector(page, selectExporter);
  const exporting = useSelector(exporter, selectExportingFormat) !== null;
  const canExport = useSelector(exporter, selectCanExport);
  const savedAs = useSelector(exporter, selectSavedAs);
  const error = useSelector(exporter, selectExportError);
  return (
    <div className={styles.exports}>
      <button
        type="button"
        className={button({ tone: 'secondary' })}
        disabled={!canExport}
        aria-busy={exporting}
        onClick={() => page.send({ type: 'user.export' })}
      >
        {exporting ? 'Exporting CSV...' : 'Export CSV'}
      </button>
      <p className={styles.exportNote} aria-live="polite">
        {savedAs ? `Saved ${savedAs}.` : ''}
      </p>
      {error && (
        <p className={styles.exportError} role="alert">
          Failed to export the comparison: {error}
        </p>
      )}
    </div>
  );
}
