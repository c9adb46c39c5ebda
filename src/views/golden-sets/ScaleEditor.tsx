import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { scaleEditorMachine } from '../../machines/golden-sets/scale-editor.machine';
import { selectDraft, selectIsOpen, selectIsSavingScale, selectScaleError } from '../../machines/golden-sets/scale-editor.selectors';
import { MAX_MAX_GRADE, MIN_MAX_GRADE } from '../../domain/golden-sets/grade-scale';
import * as styles from './GoldenSetPage.css';
import { SettingsForm } from './SettingsForm';

// The golden set's scale — its highest grade and a label per grade — edited in place and saved
// with one request. The server's refusal (judgements above the new highest grade) is shown as it says it.
export function ScaleEditor({ actor }: { actor: ActorRefFrom<typeof scaleEditorMachine> }) {
  const open = useSelector(actor, selectIsOpen);
  const saving = useSelector(actor, selectIsSavingScale);
  const draft = useSelector(actor, selectDraft);
  const error = useSelector(actor, selectScaleError);
  if (!open) return null;
  return (
    <SettingsForm
      title="Edit scale"
      saveLabel="Save scale"
      saving={saving}
      error={error}
      onSave={() => actor.send({ type: 'user.save' })}
      onCancel={() => actor.send({ type: 'user.cancel' })}
    >
      <div className={styles.form}>
        <label className={styles.field}>
          Highest grade
          <input
            className={styles.input}
            type="number"
            min={MIN_MAX_GRADE}
            max={MAX_MAX_GRADE}
            value={draft.max_grade}
            onChange={(event) => actor.send({ type: 'user.maxGradeChanged', maxGrade: Number(event.target.value) })}
          />
        </label>
        {draft.labels.map((label, grade) => (
          <label key={grade} className={styles.field}>
            Label of grade {grade}
            <input
              className={styles.input}
              value={label}
              onChange={(event) => actor.send({ type: 'user.labelChanged', grade, label: event.target.value })}
            />
          </label>
        ))}
      </div>
    </SettingsForm>
  );
}
