import { useId } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { uploadGoldenSetMachine } from '../../machines/golden-sets/upload-golden-set.machine';
import type { fileExportMachine } from '../../machines/shared/file-export.machine';
import {
  selectCanCancel,
  selectCanSubmit,
  selectFields,
  selectIsBusy,
  selectIsOpen,
  selectResult,
} from '../../machines/shared/form-dialog.selectors';
import { selectProblems, selectUploadError } from '../../machines/golden-sets/upload-golden-set.selectors';
import { GOLDEN_SET_CSV_TEMPLATE, GOLDEN_SET_QRELS_TEMPLATE, GOLDEN_SET_QUERIES_TEMPLATE } from '../../domain/shared/import-templates';
import { FileField } from '../ui/FileField';
import { FormDialog } from '../ui/FormDialog';
import { ImportFormatGuide } from '../ui/ImportFormatGuide';
import { UploadGoldenSetSummary } from './UploadGoldenSetSummary';
import { TextField } from '../ui/TextField';
import * as modal from '../ui/modal.css';
import * as problemStyles from '../ui/problem-list.css';

// /golden-sets: 'Add Golden Set' uploads judgements, CSV (`query,product_id,relevance`) or TREC
// qrels with a queries file (each format shown with an example and a template), and shows the server's problems by file and row when
// it refuses them; then a summary of what it created. A line says so while generated demo products share the catalogue (`demoNote`).
export function UploadGoldenSetDialog({
  actor,
  exporter,
  demoNote,
}: {
  actor: ActorRefFrom<typeof uploadGoldenSetMachine>;
  /** Saves the full lists the summary warns of. */
  exporter: ActorRefFrom<typeof fileExportMachine>;
  demoNote: string | null;
}) {
  const open = useSelector(actor, selectIsOpen);
  const busy = useSelector(actor, selectIsBusy);
  const { name, description, market, maxGrade, gradeLabels, format } = useSelector(actor, selectFields);
  const error = useSelector(actor, selectUploadError);
  const problems = useSelector(actor, selectProblems);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const canCancel = useSelector(actor, selectCanCancel);
  const result = useSelector(actor, selectResult);
  const formatId = useId();
  if (!open) return null;
  if (result) return <UploadGoldenSetSummary result={result} exporter={exporter} onClose={() => actor.send({ type: 'user.cancel' })} />;

  const problemList = problems.length > 0 && (
    <ul className={problemStyles.problemList} aria-label="Problems in the files">
      {problems.map((problem, index) => (
        <li key={index}>
          {problem.file === 'queries' ? 'Queries file, line' : format === 'trec' ? 'Line' : 'Row'} {problem.row}
          {problem.column ? `, column ${problem.column}` : ''}: {problem.problem}
        </li>
      ))}
    </ul>
  );

  return (
    <FormDialog
      title="Add Golden Set"
      busy={busy}
      canCancel={canCancel}
      canSubmit={canSubmit}
      submitLabel="Upload Golden Set"
      busyLabel="Uploading..."
      onCancel={() => actor.send({ type: 'user.cancel' })}
      onSubmit={() => actor.send({ type: 'user.submit' })}
      error={error}
      details={problemList}
    >
      {demoNote && (
        <p className={modal.hint} role="note">
          {demoNote}
        </p>
      )}
      <TextField label="Name*" value={name} required onChange={(value) => actor.send({ type: 'user.change', fields: { name: value } })} />
      <TextField
        label="Description"
        value={description}
        rows={2}
        onChange={(value) => actor.send({ type: 'user.change', fields: { description: value } })}
      />
      <TextField label="Market" value={market} onChange={(value) => actor.send({ type: 'user.change', fields: { market: value } })} />
      <TextField
        label="Highest grade (default 3)"
        value={maxGrade}
        onChange={(value) => actor.send({ type: 'user.change', fields: { maxGrade: value } })}
      />
      <TextField
        label="Grade labels, comma-separated (default Poor, Fair, Good, Perfect)"
        value={gradeLabels}
        onChange={(value) => actor.send({ type: 'user.change', fields: { gradeLabels: value } })}
      />
      <div className={modal.field}>
        <label htmlFor={formatId} className={modal.label}>
          Format
        </label>
        <select
          id={formatId}
          className={modal.input}
          value={format}
          onChange={(event) => actor.send({ type: 'user.change', fields: { format: event.target.value === 'trec' ? 'trec' : 'csv' } })}
        >
          <option value="csv">CSV (query,product_id,relevance)</option>
          <option value="trec">TREC qrels and queries</option>
        </select>
      </div>
      {format === 'csv' ? (
        <ImportFormatGuide templates={[GOLDEN_SET_CSV_TEMPLATE]} extras="Other columns are refused: a golden set holds only judgements.">
          Columns, in any order: <code>query</code>, <code>product_id</code> and <code>relevance</code> (a whole grade from 0 to the highest
          grade); one judgement a row.
        </ImportFormatGuide>
      ) : (
        <ImportFormatGuide
          templates={[GOLDEN_SET_QRELS_TEMPLATE, GOLDEN_SET_QUERIES_TEMPLATE]}
          extras="Nothing else is read: a line with more fields is refused."
        >
          Qrels: one judgement a line, <code>qid iter docid grade</code> separated by spaces (<code>iter</code> is ignored,{' '}
          <code>docid</code> is the product_id). Queries file: <code>qid</code>, a tab, then the query, one a line.
        </ImportFormatGuide>
      )}
      <FileField
        label={format === 'csv' ? 'Judgements file (CSV)*' : 'Qrels file*'}
        accept={format === 'csv' ? '.csv,text/csv' : undefined}
        onFile={(file) => actor.send({ type: 'user.change', fields: { file } })}
      />
      {format === 'trec' && (
        <FileField label="Queries file*" onFile={(queries) => actor.send({ type: 'user.change', fields: { queries } })} />
      )}
    </FormDialog>
  );
}
