import { memo, useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { queryJudgementsMachine } from '../../machines/golden-sets/query-judgements.machine';
import {
  createRowsSelector,
  selectActive,
  selectAdder,
  selectJudgementsError,
  selectJudgementsView,
  selectScale,
} from '../../machines/golden-sets/query-judgements.selectors';
import { formatDateTime } from '../../domain/shared/format-date';
import { gradeFromKey, gradesOf, gradeText } from '../../domain/golden-sets/grade-scale';
import { sameJudgementRow, type JudgementRow } from '../../domain/golden-sets/judgement-edits';
import { ratingText } from '../../domain/golden-sets/rating-text';
import type { GradeScale } from '../../domain/judging/golden-set-judging-types';
import { refusalNote } from '../../domain/shell/roles';
import { AddJudgementForm } from './AddJudgementForm';
import * as styles from './GoldenSetPage.css';
import { useCan, useRefusal } from '../shell/role-context';
import { button } from '../ui/button.css';
import { errorMessage, statusMessage } from '../ui/status.css';
import * as table from '../ui/table.css';
import { TableCard } from '../ui/TableCard';
import { TableHead } from '../ui/TableHead';
import { Thumbnail } from '../ui/Thumbnail';
import { LoadFailure } from '../ui/LoadFailure';
import { StatusMessage } from '../ui/StatusMessage';

type JudgementsRef = ActorRefFrom<typeof queryJudgementsMachine>;

// One query's judgements, graded from the keyboard. A row takes the focus (Tab, or a click); on it
// the keys 0..max_grade set its grade, Up/Down or k/j move to the row above/below, Delete or Backspace
// removes it. Each change shows at once; the machine saves it and, if the server refuses, brings back its
// value and says so. The machine holds which row has the keyboard; this only moves the browser's focus there.
// For a role that may not judge, the grades read as text, the rows move but change nothing, and
// instead of Remove and the add form a note says why.
export function QueryJudgements({ actor, onClose }: { actor: JudgementsRef; onClose(): void }) {
  const refusal = useRefusal('judgement.change');
  const query = useSelector(actor, (snapshot) => snapshot.context.query);
  const view = useSelector(actor, selectJudgementsView);
  const error = useSelector(actor, selectJudgementsError);
  const scale = useSelector(actor, selectScale);
  const adder = useSelector(actor, selectAdder);
  const title = useRef<HTMLHeadingElement>(null);

  // On a narrow screen the query opened sits below the list: bring it into sight (beside the list, it is).
  useEffect(() => {
    const box = title.current?.getBoundingClientRect();
    if (box && (box.top < 0 || box.bottom > window.innerHeight)) title.current?.scrollIntoView({ block: 'start' });
  }, [query]);

  return (
    <section className={styles.section} aria-label={`Judgements of “${query}”`}>
      <div className={styles.sectionHeader}>
        <h2 ref={title} className={styles.sectionTitle}>
          “{query}”
        </h2>
        <button type="button" className={button({ tone: 'secondary', size: 'small' })} onClick={onClose}>
          Close query
        </button>
      </div>
      {view === 'loading' && <StatusMessage>Loading...</StatusMessage>}
      {view === 'failed' ? (
        <LoadFailure onRetry={() => actor.send({ type: 'user.retry' })}>Failed to fetch the judgements. {error}</LoadFailure>
      ) : (
        error && (
          <div>
            <p className={errorMessage} role="alert">
              {error}
            </p>
            <button
              type="button"
              className={button({ tone: 'secondary', size: 'small' })}
              onClick={() => actor.send({ type: 'user.dismiss' })}
            >
              Dismiss
            </button>
          </div>
        )
      )}
      {view === 'empty' && (
        <p className={statusMessage} role="status">
          No judgements for this query.
        </p>
      )}
      {view === 'ready' && <JudgementTable actor={actor} query={query} scale={scale} />}
      {view !== 'loading' &&
        view !== 'failed' &&
        (refusal === null ? (
          <AddJudgementForm actor={adder} scale={scale} />
        ) : (
          <p className={styles.keysHint} role="note">
            {refusalNote('Grading, adding and removing judgements', refusal)}
          </p>
        ))}
    </section>
  );
}

function JudgementTable({ actor, query, scale }: { actor: JudgementsRef; query: string; scale: GradeScale }) {
  const selectRows = useRef(createRowsSelector()).current;
  const rows = useSelector(actor, selectRows);
  const active = useSelector(actor, selectActive);
  const body = useRef<HTMLTableSectionElement>(null);
  const keysId = useId();
  const mayJudge = useCan('judgement.change');

  // Up/Down and a removal move the machine's row; the focus follows while it is in this table.
  useEffect(() => {
    const rowElements = body.current ? [...body.current.querySelectorAll<HTMLElement>('tr[data-product]')] : [];
    // Only from a row (or from nowhere, a removed row): a select or button inside a row keeps its focus.
    const focused = document.activeElement;
    if (focused !== document.body && (focused?.parentElement !== body.current || body.current === null)) return;
    rowElements.find((row) => row.dataset.product === active)?.focus();
  }, [active, rows]);

  return (
    <>
      <p className={styles.keysHint} id={keysId}>
        {mayJudge ? `On a row: 0–${scale.max_grade} grade, ↑/↓ or k/j move, Delete removes.` : 'On a row: ↑/↓ or k/j move.'}
      </p>
      <TableCard>
        <table className={table.table} aria-label={`Judgements of “${query}”`}>
          <TableHead columns={mayJudge ? ['Product', 'Grade and judge', 'Actions'] : ['Product', 'Grade and judge']} />
          <tbody ref={body}>
            {rows.map((row) => (
              <JudgementTableRow key={row.product_id} actor={actor} row={row} scale={scale} keysId={keysId} mayJudge={mayJudge} />
            ))}
          </tbody>
        </table>
      </TableCard>
    </>
  );
}

type RowProps = { actor: JudgementsRef; row: JudgementRow; scale: GradeScale; keysId: string; mayJudge: boolean };

// One row, drawn again only when what it shows changes: a grade keystroke then repaints one row, not the table.
const JudgementTableRow = memo(
  function JudgementTableRow({ actor, row, scale, keysId, mayJudge }: RowProps) {
    const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
      if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
      const grade = mayJudge ? gradeFromKey(scale, event.key) : null;
      if (grade !== null) actor.send({ type: 'user.grade', productId: row.product_id, grade });
      else if (event.key === 'ArrowDown' || event.key === 'j') actor.send({ type: 'user.move', step: 1 });
      else if (event.key === 'ArrowUp' || event.key === 'k') actor.send({ type: 'user.move', step: -1 });
      else if (mayJudge && (event.key === 'Delete' || event.key === 'Backspace'))
        actor.send({ type: 'user.remove', productId: row.product_id });
      else return;
      event.preventDefault();
    };

    return (
      <tr
        data-product={row.product_id}
        className={styles.row}
        tabIndex={0}
        aria-label={`${row.product_id}${row.name ? ` ${row.name}` : ''}: ${gradeText(scale, row.grade)}.${mayJudge ? ` Keys 0 to ${scale.max_grade} set the grade, Delete removes it.` : ''}`}
        aria-describedby={keysId}
        onFocus={(event) => event.target === event.currentTarget && actor.send({ type: 'user.focus', productId: row.product_id })}
        onKeyDown={onKeyDown}
      >
        <td className={table.cell}>
          <div className={styles.product}>
            <Thumbnail url={row.image_url} className={styles.thumbnail} />
            <div>
              <div>{row.name ?? 'Not in the catalogue'}</div>
              <div className={styles.muted}>{row.product_id}</div>
            </div>
          </div>
        </td>
        <td className={table.cell}>
          {mayJudge ? (
            <select
              aria-label={`Grade of ${row.product_id}`}
              value={row.grade}
              onChange={(event) => actor.send({ type: 'user.grade', productId: row.product_id, grade: Number(event.target.value) })}
            >
              {gradesOf(scale).map((grade) => (
                <option key={grade} value={grade}>
                  {gradeText(scale, grade)}
                </option>
              ))}
            </select>
          ) : (
            <div>{gradeText(scale, row.grade)}</div>
          )}
          {row.saving ? (
            <div className={styles.muted}>Saving...</div>
          ) : (
            // No judge: the judgement came with an upload.
            <div className={styles.muted}>
              {row.judged_by ?? 'Uploaded'}
              {row.judged_at && `, ${formatDateTime(row.judged_at)}`}
            </div>
          )}
          {row.ratings && row.ratings.length > 0 && (
            <ul className={styles.ratings} aria-label={`Ratings of ${row.product_id}`}>
              {row.ratings.map((rating) => (
                <li key={`${rating.rater_id} ${rating.judged_at}`} className={rating.adjudication ? styles.adjudication : undefined}>
                  {ratingText(scale, rating)}
                </li>
              ))}
            </ul>
          )}
        </td>
        {mayJudge && (
          <td className={table.cell}>
            <button
              type="button"
              className={button({ tone: 'secondary', size: 'small' })}
              aria-label={`Remove ${row.product_id}`}
              onClick={() => actor.send({ type: 'user.remove', productId: row.product_id })}
            >
              Remove
            </button>
          </td>
        )}
      </tr>
    );
  },
  (before, after) =>
    before.actor === after.actor &&
    before.scale === after.scale &&
    before.keysId === after.keysId &&
    before.mayJudge === after.mayJudge &&
    sameJudgementRow(before.row, after.row),
);
