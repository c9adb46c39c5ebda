import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { rescoreRunMachine } from '../machines/rescore-run.machine';
import { selectRescoreError, selectRescoring } from '../machines/rescore-run.selectors';
import { button } from './ui/button.css';
import { errorMessage } from './ui/status.css';

/** Rescore: waits for the grades still being saved, so the new run counts them. */
export function RescoreButton(props: { rescorer: ActorRefFrom<typeof rescoreRunMachine>; runId: number; saving?: boolean; label: string }) {
  const rescoring = useSelector(props.rescorer, selectRescoring);
  const error = useSelector(props.rescorer, selectRescoreError);
  return (
    <>
      <button
        type="button"
        className={button({ tone: 'primary' })}
        disabled={rescoring || props.saving}
        aria-busy={rescoring}
        onClick={() => props.rescorer.send({ type: 'user.rescore', runId: props.runId })}
      >
        {rescoring ? 'Rescoring...' : props.saving ? 'Saving grades...' : props.label}
      </button>
      {error && (
        <p className={errorMessage} role="alert">
          Rescore failed: {error}
        </p>
      )}
    </>
  );
}
