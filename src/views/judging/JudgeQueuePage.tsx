import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useSearch } from 'wouter';
import { judgeQueueMachine } from '../../machines/judging/judge-queue.machine';
import * as queue from '../../machines/judging/judge-queue.selectors';
import { atFromSearch, gradeName, gradesOf, keysHint, queueKey, queueProgress, queueSummary } from '../../domain/judging/judge-queue';
import { imageSource } from '../../domain/catalogue/image-source';
import { KeyAttributes } from '../ui/KeyAttributes';
import type { GradeScale, UnjudgedItem } from '../../domain/judging/judging-types';
import { newQueryNote, scopeFromSearch, scopeName, type QueueScope, type QueueSource } from '../../domain/judging/queue-scope';
import { refusalNote } from '../../domain/shell/roles';
import { messages } from '../ui/backend-messages';
import * as styles from './JudgeQueuePage.css';
import { RescoreButton } from '../runs/RescoreButton';
import { useLogic } from '../shell/logic-context';
import { useRefusal } from '../shell/role-context';
import { GatedButton } from '../ui/Gated';
import { button } from '../ui/button.css';
import * as pageStyles from '../ui/page.css';
import { errorMessage, statusMessage } from '../ui/status.css';
import { LoadFailure } from '../ui/LoadFailure';
import { StatusMessage } from '../ui/StatusMessage';

type QueueActor = ActorRefFrom<typeof judgeQueueMachine>;

// 'Judge unjudged' (/experiment-run-results/{id}/judge?scope=…&at=n) and a golden set's 'Judge'
// (/golden-sets/{id}/judge?at=n): one pair at a time, graded from the keyboard. The card holds the focus, so the
// keys work from the moment the page shows. A role that may not judge can look through the queue (move, skip);
// the grades are refused with the reason.

/** A run's queue, in the scope its address names. `pageSize`: how many pairs a page brings (the default but in tests). */
export function JudgeQueuePage({ id, pageSize }: { id: number | null; pageSize?: number }) {
  const search = useSearch();
  return <QueuePage source={{ kind: 'run', id, choice: scopeFromSearch(search) }} pageSize={pageSize} />;
}

/** A golden set's queue: its pairs that want more ratings. */
export function GoldenSetQueuePage({ id, pageSize }: { id: number | null; pageSize?: number }) {
  return <QueuePage source={{ kind: 'set', id }} pageSize={pageSize} />;
}

function QueuePage({ source, pageSize }: { source: QueueSource; pageSize?: number }) {
  const logic = useLogic();
  const search = useSearch();
  const actor = useActorRef(logic.judgeQueue, { input: { source, at: atFromSearch(search), pageSize } });
  const notFound = useSelector(actor, queue.selectNotFound);
  const loading = useSelector(actor, queue.selectLoading);
  const failed = useSelector(actor, queue.selectFailed);
  const error = useSelector(actor, queue.selectError);
  const empty = useSelector(actor, queue.selectEmpty);
  const finished = useSelector(actor, queue.selectFinished);
  const saveError = useSelector(actor, queue.selectSaveError);
  const name = useSelector(actor, queue.selectSourceName);
  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title}>
          {source.kind === 'run' ? 'Judge unjudged' : 'Judge'}
          {name && ` · ${name}`}
        </h1>
        {!notFound && <Back actor={actor} kind={source.kind} />}
      </div>
      {!notFound && <ScopeChoice actor={actor} />}
      {notFound ? (
        <p className={errorMessage} role="alert">
          {source.kind === 'run' ? messages.invalidRunId : 'Invalid golden set ID'}
        </p>
      ) : loading ? (
        <StatusMessage>Loading...</StatusMessage>
      ) : failed ? (
        // The item (and its focus) is gone: the keyboard lands on the way out of the failure.
        <LoadFailure autoFocus onRetry={() => actor.send({ type: 'user.retry' })}>
          {error}
        </LoadFailure>
      ) : empty ? (
        <p className={statusMessage} role="status">
          {source.kind === 'run'
            ? 'Nothing to judge here: every product of this run’s top k in this scope has the ratings its golden set wants, or yours.'
            : 'Nothing to judge: every pair of this golden set has the ratings it wants, or yours.'}
        </p>
      ) : finished ? (
        <Summary actor={actor} />
      ) : (
        <Current actor={actor} />
      )}
      {saveError && (
        <p className={errorMessage} role="alert">
          {saveError}
        </p>
      )}
    </div>
  );
}

function Back({ actor, kind }: { actor: QueueActor; kind: QueueSource['kind'] }) {
  return (
    <button type="button" className={button({ tone: 'secondary' })} onClick={() => actor.send({ type: 'user.back' })}>
      {kind === 'run' ? 'Back to the run' : 'Back to the golden set'}
    </button>
  );
}

/** Which queries a run's queue offers; another scope starts the queue again from its first pair. */
function ScopeChoice({ actor }: { actor: QueueActor }) {
  const choice = useSelector(actor, queue.selectScope);
  const offered = useSelector(actor, queue.selectOfferedScopes);
  const canRescope = useSelector(actor, queue.selectCanRescope);
  const id = useId();
  if (!choice) return null;
  return (
    <p className={styles.meta}>
      <label htmlFor={id}>Judge </label>
      <select
        id={id}
        value={choice.scope}
        disabled={!canRescope}
        onChange={(event) => actor.send({ type: 'user.scope', choice: { ...choice, scope: event.target.value as QueueScope } })}
      >
        {offered.map((scope) => (
          <option key={scope} value={scope}>
            {scope === 'query' ? `${scopeName(scope)}: “${choice.query}”` : scopeName(scope)}
          </option>
        ))}
      </select>
    </p>
  );
}

/** Before the first grade of a query the set judges nothing for: add the query, or not. */
function NewQueryConfirmation({ actor, item, scale, grade }: { actor: QueueActor; item: UnjudgedItem; scale: GradeScale; grade: number }) {
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  return (
    <div
      role="alertdialog"
      aria-label="Add a query to the golden set"
      className={styles.card}
      onKeyDown={(event) => {
        if (event.key === 'Escape') actor.send({ type: 'user.cancelNewQuery' });
        // The queue's keys stay out of the question.
        event.stopPropagation();
      }}
    >
      <p>{newQueryNote(item.query)}</p>
      <div className={styles.buttons}>
        <button
          ref={confirm}
          type="button"
          className={button({ tone: 'primary' })}
          onClick={() => actor.send({ type: 'user.confirmNewQuery' })}
        >
          Add the query and grade {gradeName(scale, grade)}
        </button>
        <button type="button" className={button({ tone: 'secondary' })} onClick={() => actor.send({ type: 'user.cancelNewQuery' })}>
          Cancel
        </button>
      </div>
    </div>
  );
}

/** Keys the queue hears wherever the focus is inside it; a key with a modifier stays the browser's. Grades only for a role that may judge. */
function useQueueKeys(actor: QueueActor, maxGrade: number) {
  const mayJudge = useRefusal('judgement.change') === null;
  return (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = queueKey(event.key, maxGrade);
    if (!key || (key.type === 'grade' && !mayJudge)) return;
    event.preventDefault();
    actor.send(key.type === 'grade' ? { type: 'user.grade', grade: key.grade } : { type: `user.${key.type}` });
  };
}

function Progress({ actor }: { actor: QueueActor }) {
  const judged = useSelector(actor, queue.selectJudged);
  const skipped = useSelector(actor, queue.selectSkipped);
  const left = useSelector(actor, queue.selectLeft);
  const missing = useSelector(actor, queue.selectMissing);
  return (
    <p className={styles.progress} aria-live="polite" aria-label="Progress">
      {queueProgress(judged, skipped, left, missing)}
    </p>
  );
}

function Current({ actor }: { actor: QueueActor }) {
  const item = useSelector(actor, queue.selectItem);
  const scale = useSelector(actor, queue.selectScale);
  const grade = useSelector(actor, queue.selectGrade);
  const canGoBack = useSelector(actor, queue.selectCanGoBack);
  const proposed = useSelector(actor, queue.selectProposed);
  const refusal = useRefusal('judgement.change');
  const card = useRef<HTMLElement>(null);
  const onKeyDown = useQueueKeys(actor, scale?.max_grade ?? -1);
  // Each new item takes the focus, so the next key grades it; so does the card again once a question is answered.
  useEffect(() => {
    if (proposed === null) card.current?.focus();
  }, [item, proposed]);
  if (!item || !scale) return null;
  return (
    <>
      <div className={styles.bar}>
        <Progress actor={actor} />
        <p className={styles.keys}>{refusal === null ? keysHint(scale.max_grade) : '←/→ or j/k move · s skip'}</p>
      </div>
      {refusal !== null && (
        <p className={styles.meta} role="note">
          {refusalNote('Grading', refusal)}
        </p>
      )}
      <section ref={card} className={styles.card} tabIndex={0} aria-label="Grade this product" onKeyDown={onKeyDown}>
        <p className={styles.query}>
          <span className={styles.meta}>Query </span>
          {item.query}
        </p>
        <Product item={item} />
        {grade !== null && <p className={styles.meta}>Graded {gradeName(scale, grade)}</p>}
        <GradeButtons actor={actor} scale={scale} current={grade} />
        {proposed !== null && <NewQueryConfirmation actor={actor} item={item} scale={scale} grade={proposed} />}
        <div className={styles.buttons}>
          <button
            type="button"
            className={button({ tone: 'secondary' })}
            disabled={!canGoBack}
            onClick={() => actor.send({ type: 'user.previous' })}
          >
            Previous
          </button>
          <button type="button" className={button({ tone: 'secondary' })} onClick={() => actor.send({ type: 'user.skip' })}>
            Skip
          </button>
          <button type="button" className={button({ tone: 'secondary' })} onClick={() => actor.send({ type: 'user.next' })}>
            Next
          </button>
        </div>
      </section>
    </>
  );
}

function GradeButtons({ actor, scale, current }: { actor: QueueActor; scale: GradeScale; current: number | null }) {
  return (
    <div className={styles.buttons} role="group" aria-label="Grades">
      {gradesOf(scale).map((grade) => (
        <GatedButton
          key={grade}
          action="judgement.change"
          className={button({ tone: current === grade ? 'primary' : 'secondary' })}
          aria-pressed={current === grade}
          onClick={() => actor.send({ type: 'user.grade', grade })}
        >
          {gradeName(scale, grade)}
        </GatedButton>
      ))}
    </div>
  );
}

/** The product as the catalogue knows it: the rank is left out, so it does not sway the grade. */
function Product({ item }: { item: UnjudgedItem }) {
  const [broken, setBroken] = useState<string | null>(null);
  const label = item.name ?? item.product_id;
  const source = imageSource(item.image_url);
  return (
    <>
      {/* No image at all takes no room; a broken or unshowable one keeps its place with a placeholder. */}
      {!item.image_url ? null : source && broken !== source ? (
        <img className={styles.image} src={source} alt={label} onError={() => setBroken(source)} />
      ) : (
        <div className={styles.placeholder} role="img" aria-label={`No image for ${label}`}>
          No image
        </div>
      )}
      <p className={styles.name}>{label}</p>
      {item.description && <p>{item.description}</p>}
      <KeyAttributes attributes={item.attributes} label={`Attributes of ${label}`} />
      <p className={styles.meta}>Product {item.product_id}</p>
    </>
  );
}

function Summary({ actor }: { actor: QueueActor }) {
  const judged = useSelector(actor, queue.selectJudged);
  const skipped = useSelector(actor, queue.selectSkipped);
  const scale = useSelector(actor, queue.selectScale);
  const saving = useSelector(actor, queue.selectSaving);
  const runId = useSelector(actor, queue.selectRunId);
  const rescorer = useSelector(actor, queue.selectRescorer);
  const kind = runId === null ? 'set' : 'run';
  const region = useRef<HTMLElement>(null);
  const onKeyDown = useQueueKeys(actor, scale?.max_grade ?? -1);
  useEffect(() => region.current?.focus(), []);
  return (
    <section ref={region} className={styles.card} tabIndex={-1} aria-label="Done" onKeyDown={onKeyDown}>
      <Progress actor={actor} />
      <p className={styles.name}>{queueSummary(judged, skipped)}</p>
      <div className={styles.buttons}>
        {runId !== null && <RescoreButton rescorer={rescorer} runId={runId} saving={saving} label="Rescore the run" />}
        <Back actor={actor} kind={kind} />
      </div>
    </section>
  );
}
