import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { rescoreRunMachine } from '../../machines/runs/rescore-run.machine';
import { selectRescoreError, selectRescoring } from '../../machines/runs/rescore-run.selectors';
import { button } from '../ui/button.css';
import { GatedButton } from '../ui/Gated';
import { errorMessage } from '../ui/status.css';

/**
 * Rescore: waits for the grades still being saved, so the new run counts them; refused, with the reason, to a role that may not.
 * Secondary where the run's own page has a more common action (Rescore makes a new run).
 */
export function RescoreButton(props: {
  rescorer: ActorRefFrom<typeof rescoreRunMachine>;
  runId: number;
  saving?: boolean;
  label: string;
  tone?: 'primary' | 'secondary';
}) {
  const rescoring = useSelector(props.rescorer, selectRescoring);
  const error = useSelector(props.rescorer, selectRescoreError);
  return (
    <>
      <GatedButton
        action="run.change"
        className={button({ tone: props.tone ?? 'primary' })}
        disabled={rescoring || props.saving}
        aria-busy={rescoring}
        onClick={() => props.rescorer.send({ type: 'user.rescore', runId: props.runId })}
      >
        {rescoring ? 'Rescoring...' : props.saving ? 'Saving grades...' : props.label}
      </GatedButton>
      {error && (
        <p className={errorMessage} role="alert">
          Rescore failed: {error}
        </p>
      )}
    </>
  );
}
