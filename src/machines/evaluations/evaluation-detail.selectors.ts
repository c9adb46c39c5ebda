import type { SnapshotFrom } from 'xstate';
import type { evaluationDetailMachine } from './evaluation-detail.machine';

// Narrow selectors for useSelector, next to the machine so the view reads tags, not state names.
export type EvaluationDetailSnapshot = SnapshotFrom<typeof evaluationDetailMachine>;

export const selectEvaluation = (snapshot: EvaluationDetailSnapshot) => snapshot.context.evaluation;
export const selectList = (snapshot: EvaluationDetailSnapshot) => snapshot.context.list;
export const selectExporter = (snapshot: EvaluationDetailSnapshot) => snapshot.context.exporter;
export const selectComparer = (snapshot: EvaluationDetailSnapshot) => snapshot.context.comparer;
/** The address named no valid id. */
export const selectNotFound = (snapshot: EvaluationDetailSnapshot) => snapshot.hasTag('notFound');
/** The server has no evaluation of that id. */
export const selectMissing = (snapshot: EvaluationDetailSnapshot) => snapshot.hasTag('missing');
/** The watcher of the evaluation's run while it is scored and after it ended on this page. */
export const selectFollower = (snapshot: EvaluationDetailSnapshot) => snapshot.children.follower;
/**
 * Why the means and queries are not shown yet: the evaluation has not said whether it is still being scored
 * ('opening'), it is ('following'), or its final figures are on their way ('settling'); null once they show.
 */
export const selectFiguresWait = (snapshot: EvaluationDetailSnapshot): 'opening' | 'following' | 'settling' | null =>
  snapshot.hasTag('following')
    ? 'following'
    : snapshot.hasTag('settling')
      ? 'settling'
      : snapshot.matches({ showing: 'opening' })
        ? 'opening'
        : null;
