import type { SnapshotFrom } from 'xstate';
import { doneCount, unjudgedLeft } from '../../domain/judging/judge-queue';
import { offeredScopes } from '../../domain/judging/queue-scope';
import { runLabel } from '../../domain/runs/run-label';
import type { judgeQueueMachine } from './judge-queue.machine';

export type JudgeQueueSnapshot = SnapshotFrom<typeof judgeQueueMachine>;

export const selectNotFound = (snapshot: JudgeQueueSnapshot) => snapshot.hasTag('notFound');
export const selectLoading = (snapshot: JudgeQueueSnapshot) => snapshot.hasTag('loading');
export const selectFailed = (snapshot: JudgeQueueSnapshot) => snapshot.hasTag('failed');
export const selectFinished = (snapshot: JudgeQueueSnapshot) => snapshot.hasTag('finished');
export const selectEmpty = (snapshot: JudgeQueueSnapshot) => snapshot.hasTag('empty');
/** A grade is on its way to the server: a rescore now would not count it. */
export const selectSaving = (snapshot: JudgeQueueSnapshot) => snapshot.hasTag('saving');
export const selectError = (snapshot: JudgeQueueSnapshot) => snapshot.context.error;
export const selectSaveError = (snapshot: JudgeQueueSnapshot) => snapshot.context.saveError;
export const selectScale = (snapshot: JudgeQueueSnapshot) => snapshot.context.target?.scale ?? null;
/** The run judged, or null for a golden set's queue. */
export const selectRunId = ({ context: { source } }: JudgeQueueSnapshot) => (source.kind === 'run' ? source.id : null);
/** What the queue judges, once read: 'Run #3' (by its number in its experiment) or the golden set's name; null before. */
export const selectSourceName = ({ context: { source, target } }: JudgeQueueSnapshot) => {
  if (source.id === null || !target) return null;
  return source.kind === 'run' ? runLabel({ id: source.id, number: target.runNumber }) : (target.setName ?? null);
};
/** A run's queue's scope and the scopes it offers; null for a golden set's queue. */
export const selectScope = ({ context: { source } }: JudgeQueueSnapshot) => (source.kind === 'run' ? source.choice : null);
export const selectOfferedScopes = ({ context: { source } }: JudgeQueueSnapshot) =>
  source.kind === 'run' ? offeredScopes(source.choice) : [];
/** Another scope can be chosen now (not while a grade is on its way). */
export const selectCanRescope = (snapshot: JudgeQueueSnapshot) =>
  snapshot.context.source.kind === 'run' && snapshot.context.pending.length === 0;
/** The grade waiting for the person to agree to add a new query to the set; null when none waits. */
export const selectProposed = (snapshot: JudgeQueueSnapshot) => (snapshot.hasTag('confirming') ? snapshot.context.proposed : null);
export const selectRescorer = (snapshot: JudgeQueueSnapshot) => snapshot.context.rescorer;
export const selectItem = (snapshot: JudgeQueueSnapshot) => snapshot.context.items[snapshot.context.position] ?? null;
/** The current item's grade, when it has one. */
export const selectGrade = (snapshot: JudgeQueueSnapshot): number | null => snapshot.context.graded[snapshot.context.position] ?? null;
/** Pairs the server has not judged yet, the grades on their way counted as given. */
export const selectLeft = ({ context }: JudgeQueueSnapshot) => unjudgedLeft(context.unjudged ?? 0, context.graded, context.saved);
/** Ratings the scope still misses, the grades on their way counted as given; null when the server did not say. */
export const selectMissing = ({ context }: JudgeQueueSnapshot) =>
  context.missing === null ? null : unjudgedLeft(context.missing, context.graded, context.saved);
export const selectJudged = (snapshot: JudgeQueueSnapshot) => doneCount(snapshot.context.graded, snapshot.context.skipped).judged;
export const selectSkipped = (snapshot: JudgeQueueSnapshot) => doneCount(snapshot.context.graded, snapshot.context.skipped).skipped;
export const selectCanGoBack = (snapshot: JudgeQueueSnapshot) => snapshot.can({ type: 'user.previous' });
