import { useId } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Link } from 'wouter';
import type { runResultsPageMachine } from '../../machines/runs/run-results-page.machine';
import { selectRescorer } from '../../machines/runs/run-results-page.selectors';
import type { ExperimentRunDetails } from '../../domain/experiments/evaluation-backend-types';
import { NO_GOLDEN_SET, runJudgingState } from '../../domain/judging/judge-queue';
import { modelJudgePath, queuePath } from '../../domain/judging/queue-scope';
import type { RunGoldenSetState } from '../../domain/judging/judging-types';
import { judgesLabel } from '../../domain/runs/run-judges';
import { RescoreButton } from '../runs/RescoreButton';
import * as styles from '../runs/RunResultsPage.css';
import { button } from '../ui/button.css';
import { GatedLink } from '../ui/Gated';

// On a finished run's page: judge what it found unjudged, rescore it, and what its score stands on.

type Run = ExperimentRunDetails & RunGoldenSetState;

const GOLDEN_SET_CHANGED =
  'The golden set has changed since this run was scored. Rescore to score it against the judgements as they are now.';

/**
 * 'Judge unjudged' (the queue), 'Judge with a model' (a model judge's job, this run chosen) and 'Rescore', beside the page's other actions: refused, with the reason, to a role that
 * may not, and disabled, with the reason, where this run cannot be judged or rescored.
 */
export function RunJudgingActions({ run, page }: { run: Run; page: ActorRefFrom<typeof runResultsPageMachine> }) {
  const rescorer = useSelector(page, selectRescorer);
  const { goldenSetId, rescoreRefusal } = runJudgingState(run);
  return (
    <div className={styles.actions}>
      {goldenSetId ? (
        <>
          <GatedLink action="judgement.change" href={queuePath(run.id, 0)} className={button({ tone: 'secondary' })}>
            Judge unjudged
          </GatedLink>
          <GatedLink action="model_judge.change" href={modelJudgePath(run.id, goldenSetId)} className={button({ tone: 'secondary' })}>
            Judge with a model
          </GatedLink>
        </>
      ) : (
        <Unavailable label="Judge unjudged" reason={NO_GOLDEN_SET} />
      )}
      {rescoreRefusal === null ? (
        <RescoreButton rescorer={rescorer} runId={run.id} goldenSetId={goldenSetId ?? undefined} label="Rescore" tone="secondary" />
      ) : (
        <Unavailable label="Rescore" reason={rescoreRefusal} />
      )}
    </div>
  );
}

/** A control this run cannot use, disabled with the reason beside it. */
function Unavailable({ label, reason }: { label: string; reason: string }) {
  const reasonId = useId();
  return (
    <>
      <button type="button" className={button({ tone: 'secondary' })} disabled aria-describedby={reasonId}>
        {label}
      </button>
      <span id={reasonId} className={styles.counts}>
        {reason}
      </span>
    </>
  );
}

/** Whose ratings scored the run; a rescore names the run it rescored; a score from an older state of the golden set says so. */
export function RunJudgingNotes({ run }: { run: Run }) {
  const { changed, rescoreOf } = runJudgingState(run);
  return (
    <>
      {run.judges && <p className={styles.counts}>Scored with: {judgesLabel(run.judges)}</p>}
      {rescoreOf !== null && (
        <p className={styles.counts}>
          <Link href={`/experiment-run-results/${rescoreOf}`}>Rescore of run {rescoreOf}</Link>
        </p>
      )}
      {changed && (
        <p className={styles.changedNote} role="note">
          {GOLDEN_SET_CHANGED}
        </p>
      )}
    </>
  );
}
