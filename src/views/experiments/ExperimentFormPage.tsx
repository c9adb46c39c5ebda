import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { experimentFormMachine } from '../../machines/experiments/experiment-form.machine';
import {
  selectCanSave,
  selectCoverage,
  selectDatasetFilter,
  selectDraft,
  selectFormView,
  selectIsNew,
  selectIsSaving,
  selectLoadError,
  selectOptions,
  selectProblems,
  selectTryQuery,
} from '../../machines/experiments/experiment-form.selectors';
import type { DraftField } from '../../domain/experiments/experiment-draft';
import { datasetChoices, GAIN_CHOICES, goldenSetChoices, scriptChoices, scriptRunsElsewhere } from '../../domain/experiments/form-choices';
import { refusalNote } from '../../domain/shell/roles';
import { messages } from '../ui/backend-messages';
import { CoverageSummary } from '../golden-sets/CoverageSummary';
import * as styles from './ExperimentForm.css';
import { FormField } from '../ui/FormField';
import { useLogic } from '../shell/logic-context';
import { SearchTargetFields } from './SearchTargetFields';
import { useRefusal } from '../shell/role-context';
import { TryQueryPanel } from './TryQueryPanel';
import { button } from '../ui/button.css';
import { GatedButton } from '../ui/Gated';
import * as pageStyles from '../ui/page.css';
import { errorMessage } from '../ui/status.css';
import { LoadFailure } from '../ui/LoadFailure';
import { StatusMessage } from '../ui/StatusMessage';

type ExperimentFormRef = ActorRefFrom<typeof experimentFormMachine>;

// 'New Experiment' (/experiments/new) and 'Edit' (/experiments/{id}/edit), one form. The server's
// 400 sentences show beside the fields they name; Try a query and the coverage work on the unsaved form.
// For a role that may not change experiments the form is read-only (Try a query too: the server counts it
// as a change) and Save is refused with the reason.
export function NewExperimentPage() {
  return <ExperimentFormPage input={{ mode: 'new' }} />;
}

export function EditExperimentPage({ id }: { id: number | null }) {
  return <ExperimentFormPage input={{ mode: 'edit', experimentId: id }} />;
}

function ExperimentFormPage({ input }: { input: { mode: 'new' } | { mode: 'edit'; experimentId: number | null } }) {
  const logic = useLogic();
  const form = useActorRef(logic.experimentForm, { input });
  const view = useSelector(form, selectFormView);
  const isNew = useSelector(form, selectIsNew);
  const loadError = useSelector(form, selectLoadError);
  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title}>{isNew ? 'New Experiment' : 'Edit Experiment'}</h1>
      </div>
      {view === 'loading' && <StatusMessage>Loading...</StatusMessage>}
      {(view === 'notFound' || view === 'missing') && (
        <p className={errorMessage} role="alert">
          {view === 'notFound' ? messages.invalidExperimentId : messages.experimentNotFound}
        </p>
      )}
      {view === 'failed' && <LoadFailure onRetry={() => form.send({ type: 'user.retry' })}>{loadError}</LoadFailure>}
      {view === 'editing' && <ExperimentForm form={form} />}
    </div>
  );
}

function ExperimentForm({ form }: { form: ExperimentFormRef }) {
  const draft = useSelector(form, selectDraft);
  const options = useSelector(form, selectOptions)!;
  const problems = useSelector(form, selectProblems);
  const datasetFilter = useSelector(form, selectDatasetFilter);
  const saving = useSelector(form, selectIsSaving);
  const canSave = useSelector(form, selectCanSave);
  const isNew = useSelector(form, selectIsNew);
  const coverage = useSelector(form, selectCoverage);
  const tryQuery = useSelector(form, selectTryQuery);
  const refusal = useRefusal('experiment.change');
  const field = (name: DraftField) => ({
    value: draft[name],
    problems: problems[name],
    onChange: (value: string) => form.send({ type: 'user.change', field: name, value }),
  });

  return (
    <form
      className={styles.form}
      aria-label={isNew ? 'New experiment' : 'Edit experiment'}
      onSubmit={(event) => {
        event.preventDefault();
        form.send({ type: 'user.save' });
      }}
    >
      {refusal !== null && (
        <p className={styles.hint} role="note">
          {refusalNote('Changing experiments', refusal)}
        </p>
      )}
      <fieldset className={styles.fields} disabled={refusal !== null}>
        <fieldset className={styles.section}>
          <legend className={styles.legend}>Experiment</legend>
          <FormField label="Name" {...field('name')} />
          <FormField label="Description" {...field('description')} />
          <FormField
            label="Find a dataset"
            value={datasetFilter}
            onChange={(text) => form.send({ type: 'user.filterDatasets', text })}
            hint="Narrows the dataset list below."
          />
          <FormField label="Dataset" {...field('dataset_id')} choices={datasetChoices(options, datasetFilter, draft.dataset_id)} />
          <FormField
            label="Evaluation script"
            {...field('evaluation_script_id')}
            choices={scriptChoices(options)}
            hint={
              scriptRunsElsewhere(options, draft.evaluation_script_id)
                ? "This server runs only the built-in 'Golden set relevance' script: experiments using this one are run elsewhere."
                : undefined
            }
          />
        </fieldset>
        <SearchTargetFields field={field} draft={draft} />
        <fieldset className={styles.section}>
          <legend className={styles.legend}>Scoring</legend>
          <FormField label="Golden set" {...field('golden_set_id')} choices={goldenSetChoices(options)} />
          <FormField label="k (results scored)" {...field('k')} inputMode="numeric" />
          <FormField label="Gain" {...field('gain')} choices={GAIN_CHOICES} />
          <FormField label="Pass threshold (nDCG@k)" {...field('pass_threshold')} inputMode="decimal" />
          <FormField
            label="Relevant from grade"
            {...field('relevant_from')}
            inputMode="numeric"
            hint="For P, R, F1, RR and AP; nDCG uses every grade."
          />
          <div className={styles.wide}>
            <CoverageSummary coverage={coverage} />
          </div>
        </fieldset>
        <TryQueryPanel tryQuery={tryQuery} draft={draft} />
      </fieldset>
      {problems.form?.map((problem) => (
        <p key={problem} className={errorMessage} role="alert">
          {problem}
        </p>
      ))}
      <div className={styles.actions}>
        <GatedButton
          action="experiment.change"
          type="submit"
          className={button({ tone: 'primary' })}
          disabled={!canSave}
          aria-busy={saving}
        >
          {saving ? 'Saving...' : 'Save'}
        </GatedButton>
        <button type="button" className={button({ tone: 'secondary' })} onClick={() => form.send({ type: 'user.cancel' })}>
          Cancel
        </button>
      </div>
    </form>
  );
}
