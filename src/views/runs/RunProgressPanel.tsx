import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { runProgressMachine } from '../../machines/runs/run-progress.machine';
import {
  selectCanCancelRun,
  selectCanRetry,
  selectCanStartRun,
  selectCancelError,
  selectHasEnded,
  selectIsCancelling,
  selectIsStalled,
  selectIsStarting,
  selectIsWatching,
  selectPollError,
  selectStartError,
  selectTagsText,
  selectWatchedRun,
} from '../../machines/runs/run-progress.selectors';
import type { ExperimentRun } from '../../domain/experiments/evaluation-backend-types';
import { formatRunProgress, runStatusSentence } from '../../domain/runs/run-status';
import * as styles from './RunProgressPanel.css';
import { button } from '../ui/button.css';
import { GatedButton } from '../ui/Gated';
import { useCan } from '../shell/role-context';

export type RunProgressRef = ActorRefFrom<typeof runProgressMachine>;

// Above the runs table: 'Run experiment' ('Starting...' while the server is asked) with optional tags for
// the run, disabled while the experiment cannot run (its card says why); the server's reason when a run
// cannot start, and the watched run's live progress with 'Cancel run'; once it ends, how. For a role that
// may not run experiments, Run experiment and Cancel run are refused with the reason, and no tags field.
export function RunProgressPanel({ progress, blocked = false }: { progress: RunProgressRef; blocked?: boolean }) {
  const starting = useSelector(progress, selectIsStarting);
  const canStart = useSelector(progress, selectCanStartRun);
  const startError = useSelector(progress, selectStartError);
  const run = useSelector(progress, selectWatchedRun);
  const watching = useSelector(progress, selectIsWatching);
  const ended = useSelector(progress, selectHasEnded);
  const tagsText = useSelector(progress, selectTagsText);
  const mayRun = useCan('run.change');

  return (
    <div className={styles.controls}>
      <div className={styles.actions}>
        {mayRun && (
          <input
            className={styles.tags}
            aria-label="Tags for the run"
            placeholder="Tags (optional), e.g. nightly, v2"
            value={tagsText}
            onChange={(event) => progress.send({ type: 'user.changeTags', text: event.target.value })}
          />
        )}
        <GatedButton
          action="run.change"
          className={button({ tone: 'primary' })}
          disabled={!canStart || blocked}
          aria-busy={starting}
          onClick={() => progress.send({ type: 'user.startRun' })}
        >
          {starting ? 'Starting...' : 'Run experiment'}
        </GatedButton>
      </div>
      {startError && (
        <p className={styles.message} role="alert">
          {startError}
        </p>
      )}
      {run && (watching || ended) && <WatchedRun progress={progress} run={run} ended={ended} />}
    </div>
  );
}

/** The watched run's sentence, progress bar and Cancel run; once it ends, how (a failure's reason in red). */
export function WatchedRun({ progress, run, ended }: { progress: RunProgressRef; run: ExperimentRun; ended: boolean }) {
  const cancelling = useSelector(progress, selectIsCancelling);
  const canCancel = useSelector(progress, selectCanCancelRun);
  const stalled = useSelector(progress, selectIsStalled);
  const canRetry = useSelector(progress, selectCanRetry);
  const pollError = useSelector(progress, selectPollError);
  const cancelError = useSelector(progress, selectCancelError);
  const total = run.progress?.total ?? 0;
  const text = formatRunProgress(run.progress);

  return (
    <section className={styles.run} aria-label={`Run ${run.id}`}>
      <div className={styles.runHeading}>
        <p className={styles.runSentence} aria-live="polite">
          {runStatusSentence(run)}
        </p>
        {!ended && (
          <GatedButton
            action="run.change"
            className={button({ tone: 'secondary', size: 'small' })}
            disabled={!canCancel}
            aria-busy={cancelling}
            onClick={() => progress.send({ type: 'user.cancelRun' })}
          >
            {cancelling ? 'Cancelling...' : 'Cancel run'}
          </GatedButton>
        )}
      </div>
      <div className={styles.progressLine}>
        {/* Without a total yet the bar is indeterminate (no value). */}
        <progress
          className={styles.progress}
          aria-label={`Run ${run.id} progress`}
          aria-valuetext={text}
          max={total > 0 ? total : undefined}
          value={total > 0 ? Math.min(run.progress!.done, total) : undefined}
        />
        <span className={styles.progressText}>{text}</span>
      </div>
      {ended && run.error && (
        <p className={styles.message} role="alert">
          {run.error}
        </p>
      )}
      {cancelError && (
        <p className={styles.message} role="alert">
          Could not cancel the run: {cancelError}
        </p>
      )}
      {stalled && (
        <div className={styles.retry}>
          <p className={styles.message} role="alert">
            Could not refresh the progress: {pollError}
          </p>
          <button
            type="button"
            className={button({ tone: 'secondary', size: 'small' })}
            disabled={!canRetry}
            onClick={() => progress.send({ type: 'user.retry' })}
          >
            Refresh now
          </button>
        </div>
      )}
    </section>
  );
}
