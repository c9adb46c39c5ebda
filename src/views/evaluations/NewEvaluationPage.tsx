import { useId } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { newEvaluationMachine } from '../../machines/evaluations/new-evaluation.machine';
import {
  selectCanSubmit,
  selectDraft,
  selectFailure,
  selectIsUploading,
  selectLoadError,
  selectOptions,
  selectPercent,
  selectProblems,
  selectView,
  selectWasCancelled,
} from '../../machines/evaluations/new-evaluation.selectors';
import { problemText, RANKING_FORMATS, type DraftField } from '../../domain/evaluations/evaluation-upload';
import { GAIN_CHOICES } from '../../domain/experiments/form-choices';
import { refusalNote } from '../../domain/shell/roles';
import * as formStyles from '../experiments/ExperimentForm.css';
import * as styles from './NewEvaluationPage.css';
import { FormField } from '../ui/FormField';
import { useLogic } from '../shell/logic-context';
import { useRefusal } from '../shell/role-context';
import { button, linkButton } from '../ui/button.css';
import { GatedButton } from '../ui/Gated';
import * as pageStyles from '../ui/page.css';
import { errorMessage } from '../ui/status.css';
import { LoadFailure } from '../ui/LoadFailure';
import { StatusMessage } from '../ui/StatusMessage';

type NewEvaluationRef = ActorRefFrom<typeof newEvaluationMachine>;

/** What each format's file holds, under the file field. */
const FORMAT_HINTS = {
  trec: 'One result a line: qid Q0 docid rank score tag, ranked as trec_eval does (score descending).',
  csv: 'A header, then query,product_id,rank[,score]: ranked by score when given, else by rank.',
  jsonl: 'One query a line: {"query": "…", "results": ["id", …]} or results of {"product_id": …, "score": …}.',
} as const;

/** What the example of each format is called on its download button. */
const EXAMPLE_NAMES = { trec: 'TREC run', csv: 'CSV file', jsonl: 'JSON Lines file' } as const;

// New Evaluation (/evaluations/new): a ranking made elsewhere uploaded as a file to be scored against a golden
// set. The form's problems show beside their fields; the upload's progress under the form, with Cancel; a refused
// file's problems by line and field above Send, the form kept as it was. For a role that may not upload, the form
// is read-only and Send is refused with the reason.
export function NewEvaluationPage() {
  const logic = useLogic();
  const form = useActorRef(logic.newEvaluation);
  const view = useSelector(form, selectView);
  const loadError = useSelector(form, selectLoadError);
  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title}>New Evaluation</h1>
      </div>
      {view === 'loading' && <StatusMessage>Loading...</StatusMessage>}
      {view === 'loadFailed' && (
        <LoadFailure onRetry={() => form.send({ type: 'user.retry' })}>
          Failed to fetch the golden sets and datasets. {loadError}
        </LoadFailure>
      )}
      {(view === 'form' || view === 'uploading') && <EvaluationForm form={form} />}
      {view === 'created' && <StatusMessage>Evaluation created. Opening it...</StatusMessage>}
    </div>
  );
}

function EvaluationForm({ form }: { form: NewEvaluationRef }) {
  const draft = useSelector(form, selectDraft);
  const options = useSelector(form, selectOptions)!;
  const problems = useSelector(form, selectProblems);
  const failure = useSelector(form, selectFailure);
  const uploading = useSelector(form, selectIsUploading);
  const percent = useSelector(form, selectPercent);
  const cancelled = useSelector(form, selectWasCancelled);
  const canSubmit = useSelector(form, selectCanSubmit);
  const refusal = useRefusal('evaluation.change');
  const fileId = useId();
  const queriesId = useId();
  const progressId = useId();
  const field = (name: DraftField) => ({
    value: draft[name],
    problems: problems[name] ? [problems[name]] : [],
    onChange: (value: string) => form.send({ type: 'user.change', field: name, value }),
  });

  return (
    <form
      className={formStyles.form}
      aria-label="New evaluation"
      onSubmit={(event) => {
        event.preventDefault();
        form.send({ type: 'user.submit' });
      }}
    >
      {refusal !== null && (
        <p className={formStyles.hint} role="note">
          {refusalNote('Uploading evaluations', refusal)}
        </p>
      )}
      <fieldset className={formStyles.fields} disabled={refusal !== null || uploading}>
        <fieldset className={formStyles.section}>
          <legend className={formStyles.legend}>Evaluation</legend>
          <FormField label="Name" {...field('name')} />
          <FormField
            label="Golden set"
            {...field('goldenSetId')}
            choices={[
              { value: '', label: 'Choose a golden set' },
              ...options.goldenSets.map((set) => ({ value: String(set.id), label: set.name })),
            ]}
          />
          <FormField
            label="Dataset"
            {...field('datasetId')}
            choices={[
              { value: '', label: 'None: the file’s queries' },
              ...options.datasets.map((dataset) => ({ value: String(dataset.id), label: dataset.name })),
            ]}
            hint="With a dataset, its queries are scored, and a query the file does not rank counts as 0."
          />
        </fieldset>
        <fieldset className={formStyles.section}>
          <legend className={formStyles.legend}>Scoring</legend>
          <FormField label="k (results scored)" {...field('k')} inputMode="numeric" />
          <FormField label="Gain" {...field('gain')} choices={GAIN_CHOICES} />
          <FormField
            label="Relevant from grade"
            {...field('relevantFrom')}
            inputMode="numeric"
            hint="For P, R, F1, RR and AP; nDCG uses every grade."
          />
        </fieldset>
        <fieldset className={formStyles.section}>
          <legend className={formStyles.legend}>Ranking file</legend>
          <div className={formStyles.field}>
            <label htmlFor={fileId} className={formStyles.label}>
              File
            </label>
            <input
              id={fileId}
              type="file"
              accept=".trec,.run,.txt,.csv,.jsonl,.ndjson"
              aria-invalid={problems.file !== undefined}
              onChange={(event) => form.send({ type: 'user.chooseFile', file: event.target.files?.[0] ?? null })}
            />
            {problems.file && <p className={formStyles.problem}>{problems.file}</p>}
          </div>
          <FormField
            label="Format"
            {...field('format')}
            choices={RANKING_FORMATS.map(({ value, label }) => ({ value, label }))}
            hint={`${FORMAT_HINTS[draft.format]} Read from the file's name (.trec, .run, .txt, .csv, .jsonl, .ndjson) when it tells.`}
          />
          <p className={formStyles.hint}>
            <button type="button" className={linkButton} onClick={() => form.send({ type: 'user.downloadExample', example: 'ranking' })}>
              Download an example {EXAMPLE_NAMES[draft.format]}
            </button>
          </p>
          {draft.format === 'trec' && (
            <div className={formStyles.field}>
              <label htmlFor={queriesId} className={formStyles.label}>
                Queries file (optional)
              </label>
              <input
                id={queriesId}
                type="file"
                onChange={(event) => form.send({ type: 'user.chooseQueries', file: event.target.files?.[0] ?? null })}
              />
              <p className={formStyles.hint}>
                qid, a tab, then the query, one a line: for runs whose query ids are not the queries.{' '}
                <button
                  type="button"
                  className={linkButton}
                  onClick={() => form.send({ type: 'user.downloadExample', example: 'queries' })}
                >
                  Download an example queries file
                </button>
              </p>
            </div>
          )}
        </fieldset>
      </fieldset>
      {uploading && (
        <div className={styles.progressLine}>
          <label htmlFor={progressId}>Uploading... {percent}%</label>
          <progress id={progressId} className={styles.progress} max={100} value={percent} />
        </div>
      )}
      {cancelled && <p className={styles.note}>Upload cancelled.</p>}
      {failure && (
        <div className={styles.failure} role="alert">
          <p className={errorMessage}>Failed to create the evaluation. {failure.message}</p>
          {failure.problems.length > 0 && (
            <ul className={styles.problems} aria-label="Problems in the file">
              {failure.problems.map((problem, index) => (
                <li key={index}>{problemText(problem)}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className={formStyles.actions}>
        <GatedButton
          action="evaluation.change"
          type="submit"
          className={button({ tone: 'primary' })}
          disabled={!canSubmit}
          aria-busy={uploading}
        >
          {uploading ? 'Uploading...' : 'Create Evaluation'}
        </GatedButton>
        {uploading ? (
          <button type="button" className={button({ tone: 'secondary' })} onClick={() => form.send({ type: 'user.cancelUpload' })}>
            Cancel upload
          </button>
        ) : (
          <button type="button" className={button({ tone: 'secondary' })} onClick={() => form.send({ type: 'user.leave' })}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
