import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { rescoreRunMachine } from '../../machines/runs/rescore-run.machine';
import { selectChoosing, selectRescoreError, selectRescoring } from '../../machines/runs/rescore-run.selectors';
import { button } from '../ui/button.css';
import { GatedButton } from '../ui/Gated';
import { errorMessage } from '../ui/status.css';
import { RescoreChoice } from './RescoreChoice';

/**
 * Rescore: waits for the grades still being saved, so the new run counts them; refused, with the reason, to a role that may not.
 * Secondary where the run's own page has a more common action (Rescore makes a new run). Given the run's golden set,
 * it first asks whose ratings grade the pairs, and by which rule.
 */
export function RescoreButton(props: {
  rescorer: ActorRefFrom<typeof rescoreRunMachine>;
  runId: number;
  goldenSetId?: number;
  saving?: boolean;
  label: string;
  tone?: 'primary' | 'secondary';
}) {
  const rescoring = useSelector(props.rescorer, selectRescoring);
  const choosing = useSelector(props.rescorer, selectChoosing);
  const error = useSelector(props.rescorer, selectRescoreError);
  const { goldenSetId, runId } = props;
  return (
    <>
      <GatedButton
        action="run.change"
        className={button({ tone: props.tone ?? 'primary' })}
        disabled={rescoring || choosing || props.saving}
        aria-busy={rescoring}
        aria-expanded={goldenSetId === undefined ? undefined : choosing}
        onClick={() =>
          props.rescorer.send(
            goldenSetId === undefined ? { type: 'user.rescore', runId } : { type: 'user.chooseJudges', runId, goldenSetId },
          )
        }
      >
        {rescoring ? 'Rescoring...' : props.saving ? 'Saving grades...' : props.label}
      </GatedButton>
      {choosing && <RescoreChoice rescorer={props.rescorer} />}
      {error && (
        <p className={errorMessage} role="alert">
          Rescore failed: {error}
        </p>
      )}
    </>
  );
}
