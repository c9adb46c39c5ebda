import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { aggregateSettingsMachine } from '../../machines/golden-sets/aggregate-settings.machine';
import {
  selectRuleDraft,
  selectSettingsError,
  selectSettingsNotice,
  selectSettingsOpen,
  selectSettingsSaving,
} from '../../machines/golden-sets/aggregate-settings.selectors';
import { AGGREGATE_RULES, MAX_RATINGS_PER_PAIR, MIN_RATINGS_PER_PAIR } from '../../domain/golden-sets/rating-rule';
import * as styles from './GoldenSetPage.css';
import { SettingsForm } from './SettingsForm';
import { statusMessage } from '../ui/status.css';

// How the golden set makes a pair's grade from its ratings: the rule (each with the line saying what it
// does), how many ratings a pair should get, and whether an adjudication wins. Saved with one request; what
// the save changed, or the server's refusal, is said as the machine has it.
export function RatingRuleSettings({ actor }: { actor: ActorRefFrom<typeof aggregateSettingsMachine> }) {
  const open = useSelector(actor, selectSettingsOpen);
  const saving = useSelector(actor, selectSettingsSaving);
  const draft = useSelector(actor, selectRuleDraft);
  const error = useSelector(actor, selectSettingsError);
  const notice = useSelector(actor, selectSettingsNotice);
  if (!open)
    return notice ? (
      <p className={statusMessage} role="status">
        {notice}
      </p>
    ) : null;
  return (
    <SettingsForm
      title="Rating rule"
      saveLabel="Save rule"
      saving={saving}
      error={error}
      onSave={() => actor.send({ type: 'user.save' })}
      onCancel={() => actor.send({ type: 'user.cancel' })}
    >
      <fieldset className={styles.rules}>
        <legend>A pair's grade from its ratings</legend>
        {AGGREGATE_RULES.map(({ aggregate, name, rule }) => (
          <label key={aggregate} className={styles.rule}>
            <input
              type="radio"
              name="aggregate"
              value={aggregate}
              checked={draft.aggregate === aggregate}
              onChange={() => actor.send({ type: 'user.aggregateChanged', aggregate })}
            />
            <span>
              <strong>{name}</strong> <span className={styles.muted}>{rule}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className={styles.form}>
        <label className={styles.field}>
          Ratings per pair
          <input
            className={styles.input}
            type="number"
            min={MIN_RATINGS_PER_PAIR}
            max={MAX_RATINGS_PER_PAIR}
            value={draft.ratings_per_pair}
            onChange={(event) => actor.send({ type: 'user.ratingsPerPairChanged', ratingsPerPair: Number(event.target.value) })}
          />
        </label>
        <label className={styles.rule}>
          <input
            type="checkbox"
            checked={draft.prefer_adjudication}
            onChange={(event) => actor.send({ type: 'user.preferAdjudicationChanged', prefer: event.target.checked })}
          />
          Prefer adjudications: a pair with one takes its newest adjudication's grade
        </label>
      </div>
    </SettingsForm>
  );
}
