import { useId, type FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import {
  selectCanSaveSchedule,
  selectCronProblem,
  selectNextRuns,
  selectSavedSchedule,
  selectScheduleDraft,
  selectScheduleError,
  selectScheduleFailed,
  selectScheduleLoading,
  selectScheduleNotice,
  selectScheduleSaving,
} from '../../machines/automation/schedule-editor.selectors';
import { nextRunsHint } from '../../domain/automation/schedule-text';
import { formatDateTime } from '../../domain/shared/format-date';
import { useLogic } from '../shell/logic-context';
import { useCan } from '../shell/role-context';
import { button } from '../ui/button.css';
import { LoadFailure } from '../ui/LoadFailure';
import { StatusMessage } from '../ui/StatusMessage';
import { errorMessage, statusMessage } from '../ui/status.css';
import * as styles from './AutomationPanels.css';

// The experiment's schedule: the cron (UTC) with the next runs it would make, on or off, and the last and next
// scheduled runs; Save sends both. Changing it is a curator's, as changing the experiment is.
export function SchedulePanel({ experimentId }: { experimentId: number }) {
  const actor = useActorRef(useLogic().scheduleEditor, { input: { experimentId } });
  const loading = useSelector(actor, selectScheduleLoading);
  const failed = useSelector(actor, selectScheduleFailed);
  const saving = useSelector(actor, selectScheduleSaving);
  const saved = useSelector(actor, selectSavedSchedule);
  const draft = useSelector(actor, selectScheduleDraft);
  const nextRuns = useSelector(actor, selectNextRuns);
  const cronProblem = useSelector(actor, selectCronProblem);
  const error = useSelector(actor, selectScheduleError);
  const notice = useSelector(actor, selectScheduleNotice);
  const canSave = useSelector(actor, selectCanSaveSchedule);
  const mayChange = useCan('experiment.change');
  const hintId = useId();
  const save = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'user.save' });
  };
  return (
    <section className={styles.panel} aria-label="Schedule">
      <h2 className={styles.heading}>Schedule</h2>
      {loading ? (
        <StatusMessage>Loading...</StatusMessage>
      ) : failed ? (
        <LoadFailure onRetry={() => actor.send({ type: 'user.retry' })}>{error ?? 'The schedule could not be loaded.'}</LoadFailure>
      ) : (
        <form aria-label="Schedule settings" noValidate onSubmit={save}>
          <div className={styles.row}>
            <label>
              Cron (UTC){' '}
              <input
                className={styles.cronInput}
                value={draft.cron}
                placeholder="0 6 * * 1-5"
                disabled={!mayChange}
                aria-describedby={hintId}
                onChange={(event) => actor.send({ type: 'user.cronChanged', cron: event.target.value })}
              />
            </label>
            <label>
              <input
                type="checkbox"
                role="switch"
                checked={draft.enabled}
                disabled={!mayChange}
                onChange={() => actor.send({ type: 'user.enabledToggled' })}
              />{' '}
              On
            </label>
            <button type="submit" className={button({ tone: 'primary' })} disabled={!mayChange || !canSave}>
              {saving ? 'Saving...' : 'Save schedule'}
            </button>
          </div>
          <p id={hintId} className={cronProblem ? errorMessage : styles.hint}>
            {nextRunsHint(nextRuns, cronProblem)}
          </p>
          <p className={styles.facts}>
            <span>Last run: {saved?.last_run_at ? formatDateTime(saved.last_run_at) : 'never'}</span>
            <span>Next run: {saved?.next_run_at ? formatDateTime(saved.next_run_at) : 'none (off)'}</span>
          </p>
          {saved?.last_error && (
            <p className={errorMessage} role="alert">
              The last tick made no run: {saved.last_error}
            </p>
          )}
          {error && (
            <p className={errorMessage} role="alert">
              {error}
            </p>
          )}
          {notice && (
            <p className={statusMessage} role="status">
              {notice}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
