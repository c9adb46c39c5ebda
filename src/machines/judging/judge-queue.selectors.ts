import type { SnapshotFrom } from 'xstate';
import { doneCount, unjudgedLeft } from '../../domain/judging/judge-queue';
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
export const selectRunId = (snapshot: JudgeQueueSnapshot) => snapshot.context.runId;
/** 'Run #3', by its number in its experiment, once the run is read; null before. */
export const selectRunName = ({ context: { runId, target } }: JudgeQueueSnapshot) =>
  runId !== null && target ? runLabel({ id: runId, number: target.runNumber }) : null;
export const selectRescorer = (snapshot: JudgeQueueSnapshot) => snapshot.context.rescorer;
export const selectItem = (snapshot: JudgeQueueSnapshot) => snapshot.context.items[snapshot.context.position] ?? null;
/** The current item's grade, when it has one. */
export const selectGrade = (snapshot: JudgeQueueSnapshot): number | null => snapshot.context.graded[snapshot.context.position] ?? null;
/** Pairs the server has not judged yet, the grades on their way counted as given. */
export const selectLeft = ({ context }: JudgeQueueSnapshot) => unjudgedLeft(context.unjudged ?? 0, context.graded, context.saved);
export const selectJudged = (snapshot: JudgeQueueSnapshot) => doneCount(snapshot.context.graded, snapshot.context.skipped).judged;
export const selectSkipped = (snapshot: JudgeQueueSnapshot) => doneCount(snapshot.context.graded, snapshot.context.skipped).skipped;
export const selectCanGoBack = (snapshot: JudgeQueueSnapshot) => snapshot.can({ type: 'user.previous' });
