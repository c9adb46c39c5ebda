import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { RATER_CHOICES, RULE_CHOICES, type Aggregate, type RaterChoice } from '../../domain/runs/run-judges';
import type { rescoreRunMachine } from '../../machines/runs/rescore-run.machine';
import { selectChoice, selectChoiceReady, selectRaters, selectRatersError } from '../../machines/runs/rescore-run.selectors';
import { button } from '../ui/button.css';
import { FormField } from '../ui/FormField';
import { errorMessage } from '../ui/status.css';
import * as styles from './RescoreChoice.css';

const KIND_NAMES: Record<string, string> = { person: 'person', model: 'model', clicks: 'clicks', import: 'upload' };

/** Whose ratings grade the rescore's pairs and by which rule; picked raters from the golden set's list. */
export function RescoreChoice({ rescorer }: { rescorer: ActorRefFrom<typeof rescoreRunMachine> }) {
  const choice = useSelector(rescorer, selectChoice);
  const ready = useSelector(rescorer, selectChoiceReady);
  const raters = useSelector(rescorer, selectRaters);
  const ratersError = useSelector(rescorer, selectRatersError);
  return (
    <form
      className={styles.choice}
      aria-label="Rescore with"
      onSubmit={(event) => {
        event.preventDefault();
        rescorer.send({ type: 'user.confirm' });
      }}
    >
      <FormField
        label="Whose ratings"
        value={choice.raters}
        choices={[...RATER_CHOICES]}
        onChange={(value) => rescorer.send({ type: 'user.pickRaters', raters: value as RaterChoice })}
      />
      {choice.raters === 'pick' && (
        <fieldset className={styles.raters}>
          <legend>Raters</legend>
          {ratersError ? (
            <p className={errorMessage} role="alert">
              The raters could not be read: {ratersError}
            </p>
          ) : raters === null ? (
            <p className={styles.note}>Reading the raters...</p>
          ) : (
            raters.map((rater) => (
              <label key={rater.id} className={styles.rater}>
                <input
                  type="checkbox"
                  checked={choice.picked.includes(rater.id)}
                  onChange={() => rescorer.send({ type: 'user.toggleRater', raterId: rater.id })}
                />
                {rater.name} ({KIND_NAMES[rater.kind] ?? rater.kind}, {rater.judgements.toLocaleString('en')} rated)
              </label>
            ))
          )}
        </fieldset>
      )}
      <FormField
        label="Rule"
        value={choice.aggregate}
        choices={[...RULE_CHOICES]}
        onChange={(value) => rescorer.send({ type: 'user.pickRule', aggregate: value as Aggregate | 'set' })}
      />
      <div className={styles.buttons}>
        <button type="submit" className={button({ tone: 'primary' })} disabled={!ready}>
          Rescore now
        </button>
        <button type="button" className={button({ tone: 'secondary' })} onClick={() => rescorer.send({ type: 'user.cancel' })}>
          Cancel
        </button>
      </div>
    </form>
  );
}
