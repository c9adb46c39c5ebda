import { useId } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { estimateText } from '../../domain/judges/job-texts';
import type { startJudgeJobMachine } from '../../machines/judges/start-judge-job.machine';
import {
  selectCanCancel,
  selectCanEstimate,
  selectEstimate,
  selectFailure,
  selectFields,
  selectIsBusy,
  selectIsConfirming,
  selectIsOpen,
  selectJudge,
} from '../../machines/judges/start-judge-job.selectors';
import { button } from '../ui/button.css';
import { Modal } from '../ui/Modal';
import * as modal from '../ui/modal.css';
import { errorMessage } from '../ui/status.css';
import { TextField } from '../ui/TextField';

// /model-judges: a judge's "Judge a golden set / a run". The set by name, a run's id (optional) and the scope; 'Estimate
// cost' asks the server; the estimate is shown with 'Start judging' (or Back to change the choice).
export function StartJudgeJobDialog({
  actor,
  goldenSets,
}: {
  actor: ActorRefFrom<typeof startJudgeJobMachine>;
  goldenSets: ReadonlyArray<{ id: number; name: string }>;
}) {
  const open = useSelector(actor, selectIsOpen);
  const busy = useSelector(actor, selectIsBusy);
  const confirming = useSelector(actor, selectIsConfirming);
  const judge = useSelector(actor, selectJudge);
  const fields = useSelector(actor, selectFields);
  const estimate = useSelector(actor, selectEstimate);
  const failure = useSelector(actor, selectFailure);
  const canEstimate = useSelector(actor, selectCanEstimate);
  const canCancel = useSelector(actor, selectCanCancel);
  const scopeId = useId();
  const setId = useId();
  if (!open || !judge) return null;
  const cancel = () => actor.send({ type: 'user.cancel' });

  return (
    <Modal title={`Judge with ${judge.name}`} onCancel={cancel}>
      {confirming && estimate ? (
        <p className={modal.hint} role="status">
          Estimate: {estimateText(estimate)}
        </p>
      ) : (
        <fieldset disabled={busy} className={modal.fieldset}>
          <div className={modal.field}>
            <label htmlFor={setId} className={modal.label}>
              Golden set*
            </label>
            <select
              id={setId}
              className={modal.input}
              value={fields.golden_set_id}
              onChange={(event) => actor.send({ type: 'user.change', fields: { golden_set_id: event.target.value } })}
            >
              <option value="">Choose a golden set</option>
              {goldenSets.map((set) => (
                <option key={set.id} value={String(set.id)}>
                  {set.name}
                </option>
              ))}
            </select>
          </div>
          <TextField
            label="Run id (empty: the whole set)"
            value={fields.run_id}
            onChange={(value) => actor.send({ type: 'user.change', fields: { run_id: value } })}
          />
          <div className={modal.field}>
            <label htmlFor={scopeId} className={modal.label}>
              Pairs
            </label>
            <select
              id={scopeId}
              className={modal.input}
              value={fields.scope}
              onChange={(event) =>
                actor.send({ type: 'user.change', fields: { scope: event.target.value === 'all' ? 'all' : 'unjudged' } })
              }
            >
              <option value="unjudged">The run's unjudged top-k products</option>
              <option value="all">Every pair (of the run's top k, or of the set)</option>
            </select>
          </div>
        </fieldset>
      )}
      {failure && (
        <p className={errorMessage} role="alert">
          {failure}
        </p>
      )}
      <div className={modal.buttons}>
        <button type="button" className={button({ tone: 'secondary' })} disabled={!canCancel} onClick={cancel}>
          Cancel
        </button>
        {confirming ? (
          <>
            <button
              type="button"
              className={button({ tone: 'secondary' })}
              disabled={busy}
              onClick={() => actor.send({ type: 'user.back' })}
            >
              Back
            </button>
            <button
              type="button"
              className={button({ tone: 'primary' })}
              disabled={busy}
              aria-busy={busy}
              onClick={() => actor.send({ type: 'user.start' })}
            >
              {busy ? 'Starting...' : 'Start judging'}
            </button>
          </>
        ) : (
          <button
            type="button"
            className={button({ tone: 'primary' })}
            disabled={!canEstimate}
            aria-busy={busy}
            onClick={() => actor.send({ type: 'user.estimate' })}
          >
            {busy ? 'Estimating...' : 'Estimate cost'}
          </button>
        )}
      </div>
    </Modal>
  );
}
