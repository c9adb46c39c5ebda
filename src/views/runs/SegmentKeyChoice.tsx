import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { runSegmentsMachine } from '../../machines/runs/run-segments.machine';
import {
  selectCanChoose,
  selectError,
  selectKey,
  selectKeys,
  selectKeysFailed,
  selectLoading,
  selectNoKeys,
} from '../../machines/runs/run-segments.selectors';
import { keyOptionLabel } from '../../domain/runs/segments';
import * as backendStyles from '../experiments/BackendPages.css';
import * as styles from './Segments.css';
import { button } from '../ui/button.css';
import { errorMessage } from '../ui/status.css';

/** The keys to segment by, each with its number of values; a note when the entries have none. */
export function SegmentKeyChoice({ actor }: { actor: ActorRefFrom<typeof runSegmentsMachine> }) {
  const keys = useSelector(actor, selectKeys);
  const key = useSelector(actor, selectKey);
  const canChoose = useSelector(actor, selectCanChoose);
  const loading = useSelector(actor, selectLoading);
  const noKeys = useSelector(actor, selectNoKeys);
  const keysFailed = useSelector(actor, selectKeysFailed);
  if (noKeys) return <p className={styles.note}>The entries of this run carry no metadata to segment by.</p>;
  if (keysFailed) return null;
  return (
    <>
      <label>
        Segment by{' '}
        <select
          className={backendStyles.select}
          value={key}
          disabled={!canChoose}
          onChange={(event) => actor.send({ type: 'user.chooseKey', key: event.target.value })}
        >
          <option value="">Choose a metadata key</option>
          {keys.map((option) => (
            <option key={option.key} value={option.key}>
              {keyOptionLabel(option)}
            </option>
          ))}
        </select>
      </label>
      {loading && <p className={styles.note}>Loading...</p>}
    </>
  );
}

/** Why the segments could not be read, with a way to ask again. */
export function SegmentsFailure({ actor }: { actor: ActorRefFrom<typeof runSegmentsMachine> }) {
  const error = useSelector(actor, selectError);
  if (!error) return null;
  return (
    <div>
      <p className={errorMessage} role="alert">
        Could not load the segments: {error}
      </p>
      <button type="button" className={button({ tone: 'secondary' })} onClick={() => actor.send({ type: 'user.retry' })}>
        Try again
      </button>
    </div>
  );
}
