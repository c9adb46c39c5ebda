import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { tryQueryMachine } from '../../machines/experiments/try-query.machine';
import { selectIsTrying, selectQuery, selectTryError, selectTryResult } from '../../machines/experiments/try-query.selectors';
import type { Draft } from '../../domain/experiments/experiment-draft';
import { gradeLabel, triedSummary } from '../../domain/experiments/tried-hits';
import { indentJsonStart } from '../../domain/experiments/json-start';
import { Thumbnail } from '../ui/Thumbnail';
import * as styles from './ExperimentForm.css';
import { button } from '../ui/button.css';
import { errorMessage } from '../ui/status.css';

// Try a query: one query through the target as the form has it now. The hits as a run would
// read them — rank, image, product id and name — each with the golden set's grade; on a failed search
// the message and, when a pointer did not fit the answer, the answer's start.
export function TryQueryPanel({ tryQuery, draft }: { tryQuery: ActorRefFrom<typeof tryQueryMachine>; draft: Draft }) {
  const query = useSelector(tryQuery, selectQuery);
  const trying = useSelector(tryQuery, selectIsTrying);
  const result = useSelector(tryQuery, selectTryResult);
  const error = useSelector(tryQuery, selectTryError);
  const graded = draft.golden_set_id !== '';
  const answerRef = useRef<HTMLDivElement>(null);
  // The panel sits below a long form: bring an answer or a failure into view when it arrives.
  useEffect(() => {
    if (result || error) answerRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [result, error]);
  return (
    <section className={styles.section} aria-label="Try a query">
      <div className={styles.wide}>
        <h2 className={styles.panelTitle}>Try a query</h2>
        <p className={styles.hint}>Sends one query through the search target as configured above, saved or not.</p>
      </div>
      <div className={`${styles.field} ${styles.wide}`}>
        <label className={styles.label} htmlFor="try-query-text">
          Query
        </label>
        <div className={styles.actions}>
          <input
            id="try-query-text"
            className={`${styles.control} ${styles.queryInput}`}
            value={query}
            onChange={(event) => tryQuery.send({ type: 'user.queryChanged', query: event.target.value })}
            onKeyDown={(event) => {
              // Enter tries the query; it must not save the form around it.
              if (event.key !== 'Enter') return;
              event.preventDefault();
              tryQuery.send({ type: 'user.try', draft });
            }}
          />
          <button
            type="button"
            className={button({ tone: 'secondary' })}
            aria-busy={trying}
            disabled={trying}
            onClick={() => tryQuery.send({ type: 'user.try', draft })}
          >
            {trying ? 'Trying...' : 'Try'}
          </button>
        </div>
      </div>
      <div className={styles.wide} aria-live="polite" role="region" aria-label="Answer" ref={answerRef}>
        {error && (
          <p className={errorMessage} role="alert">
            {error}
          </p>
        )}
        {result && <p className={styles.hint}>{triedSummary(result)}</p>}
        {result?.problem && (
          <>
            <p className={errorMessage} role="alert">
              {result.problem.message}
            </p>
            {result.problem.raw !== undefined && (
              <>
                <p className={styles.hint}>The start of the answer:</p>
                <pre className={styles.raw}>{indentJsonStart(result.problem.raw)}</pre>
              </>
            )}
          </>
        )}
        {result && result.hits.length > 0 && (
          <ol className={styles.hits} aria-label="Hits">
            {result.hits.map((hit) => (
              <li key={hit.rank} className={styles.hit}>
                <span>#{hit.rank}</span>
                <Thumbnail url={hit.image_url} className={styles.thumbnail} placeholder={<span />} />
                <span>
                  <code>{hit.product_id}</code> {hit.name}
                  {hit.note && <span className={styles.note}>{hit.note}</span>}
                </span>
                <span>{gradeLabel(hit.grade, graded)}</span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
