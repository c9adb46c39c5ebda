import { useId } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { clickGradesMachine } from '../../machines/golden-sets/click-grades.machine';
import {
  selectCanCancel,
  selectCanSubmit,
  selectFailure,
  selectFields,
  selectGradeCounts,
  selectIsBusy,
  selectIsOpen,
  selectMaxGrade,
  selectProblems,
  selectSampleRows,
  selectStoredSummary,
  selectSubmit,
} from '../../machines/golden-sets/click-grades.selectors';
import type { GradeScale } from '../../domain/judging/golden-set-judging-types';
import { formatCount } from '../../domain/shared/format-count';
import { FileField } from '../ui/FileField';
import { FormDialog } from '../ui/FormDialog';
import { GatedButton } from '../ui/Gated';
import { Modal } from '../ui/Modal';
import { TextField } from '../ui/TextField';
import { button } from '../ui/button.css';
import * as modal from '../ui/modal.css';
import * as problemStyles from '../ui/problem-list.css';
import * as tables from '../ui/table.css';

type Actor = ActorRefFrom<typeof clickGradesMachine>;

// /golden-sets/{id}: 'Grades from clicks' opens the dialog that turns a click log into the set's rater
// "clicks": the log and how its clicks over expected clicks (COEC) become grades, a preview of how many pairs
// each grade gets (and the first pairs), then Store, and what storing did.
export function ClickGrades({ actor, scale }: { actor: Actor; scale: GradeScale }) {
  return (
    <>
      <GatedButton
        action="golden_set.change"
        className={button({ tone: 'secondary', size: 'small' })}
        onClick={() => actor.send({ type: 'user.open', scale })}
      >
        Grades from clicks
      </GatedButton>
      <ClickGradesDialog actor={actor} />
    </>
  );
}

function ClickGradesDialog({ actor }: { actor: Actor }) {
  const open = useSelector(actor, selectIsOpen);
  const busy = useSelector(actor, selectIsBusy);
  const { format, minImpressions, thresholds } = useSelector(actor, selectFields);
  const maxGrade = useSelector(actor, selectMaxGrade);
  const error = useSelector(actor, selectFailure);
  const problems = useSelector(actor, selectProblems);
  const submit = useSelector(actor, selectSubmit);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const canCancel = useSelector(actor, selectCanCancel);
  const storedSummary = useSelector(actor, selectStoredSummary);
  const formatId = useId();
  if (!open) return null;
  const close = () => actor.send({ type: 'user.cancel' });

  if (storedSummary)
    return (
      <Modal title="Grades from clicks" onCancel={close}>
        <section aria-label="Grades stored">
          <h3>Grades stored</h3>
          <p>{storedSummary}</p>
          <GradeCounts actor={actor} />
        </section>
        <div className={modal.buttons}>
          <button type="button" className={button({ tone: 'primary' })} onClick={close}>
            Close
          </button>
        </div>
      </Modal>
    );

  const problemList = problems.length > 0 && (
    <ul className={problemStyles.problemList} aria-label="Problems in the log">
      {problems.map((problem, index) => (
        <li key={index}>
          {format === 'ubi' ? 'Line' : 'Row'} {problem.row}
          {problem.column ? `, ${format === 'ubi' ? 'field' : 'column'} ${problem.column}` : ''}: {problem.problem}
        </li>
      ))}
    </ul>
  );

  return (
    <FormDialog
      title="Grades from clicks"
      busy={busy}
      canCancel={canCancel}
      canSubmit={canSubmit}
      submitLabel={submit.label}
      busyLabel={submit.busyLabel}
      onCancel={close}
      onSubmit={() => actor.send({ type: 'user.submit' })}
      error={error}
      details={problemList}
    >
      <p className={modal.hint}>
        Each pair&apos;s clicks over the clicks its positions would bring (COEC) become a grade; the grades are stored as the rater
        &ldquo;clicks&rdquo;, replacing its grades from an earlier log.
      </p>
      <div className={modal.field}>
        <label htmlFor={formatId} className={modal.label}>
          Format
        </label>
        <select
          id={formatId}
          className={modal.input}
          value={format}
          onChange={(event) => actor.send({ type: 'user.change', fields: { format: event.target.value === 'csv' ? 'csv' : 'ubi' } })}
        >
          <option value="ubi">UBI JSON Lines (queries and events)</option>
          <option value="csv">CSV (query,product_id,position,impressions,clicks)</option>
        </select>
      </div>
      <FileField label="Click log*" onFile={(file) => actor.send({ type: 'user.change', fields: { file } })} />
      <TextField
        label="Minimum impressions"
        value={minImpressions}
        onChange={(value) => actor.send({ type: 'user.change', fields: { minImpressions: value } })}
      />
      <TextField
        label={`COEC boundaries between grades, ${maxGrade} rising numbers`}
        value={thresholds}
        onChange={(value) => actor.send({ type: 'user.change', fields: { thresholds: value } })}
      />
      <Preview actor={actor} />
    </FormDialog>
  );
}

function Preview({ actor }: { actor: Actor }) {
  const rows = useSelector(actor, selectSampleRows);
  if (rows.length === 0) return <GradeCounts actor={actor} />;
  return (
    <section aria-label="Preview">
      <GradeCounts actor={actor} />
      <table className={tables.table} aria-label="First pairs">
        <thead>
          <tr>
            {['Query', 'Product', 'Impressions', 'Clicks', 'COEC', 'Grade'].map((heading) => (
              <th key={heading} className={tables.headCell}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {[row.query, row.productId, row.impressions, row.clicks, row.coec, row.grade].map((text, index) => (
                <td key={index} className={tables.cell}>
                  {text}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function GradeCounts({ actor }: { actor: Actor }) {
  const counts = useSelector(actor, selectGradeCounts);
  if (!counts) return null;
  return (
    <>
      <ul aria-label="Pairs per grade">
        {counts.grades.map(({ grade, count }) => (
          <li key={grade}>
            {grade}: {formatCount(count)}
          </li>
        ))}
      </ul>
      <p className={modal.hint}>
        {formatCount(counts.pairs)} pairs in the log; {formatCount(counts.ungraded)} shown fewer than {formatCount(counts.minImpressions)}{' '}
        times get no grade.
      </p>
    </>
  );
}
