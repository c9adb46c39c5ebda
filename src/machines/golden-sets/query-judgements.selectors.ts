import type { SnapshotFrom } from 'xstate';
import { shownRows, type JudgementEdits, type JudgementRow } from '../../domain/golden-sets/judgement-edits';
import type { queryJudgementsMachine } from './query-judgements.machine';

export type QueryJudgementsSnapshot = SnapshotFrom<typeof queryJudgementsMachine>;

export type JudgementsView = 'loading' | 'failed' | 'empty' | 'ready';

export function selectJudgementsView(snapshot: QueryJudgementsSnapshot): JudgementsView {
  if (snapshot.hasTag('loading')) return 'loading';
  if (snapshot.hasTag('failed')) return 'failed';
  return shownRows(snapshot.context.edits).length === 0 ? 'empty' : 'ready';
}

export const selectScale = (snapshot: QueryJudgementsSnapshot) => snapshot.context.scale;
export const selectActive = (snapshot: QueryJudgementsSnapshot) => snapshot.context.active;
export const selectJudgementsError = (snapshot: QueryJudgementsSnapshot) => snapshot.context.error;
export const selectAdder = (snapshot: QueryJudgementsSnapshot) => snapshot.context.adder;

/** The rows shown (the server's, with the changes not yet answered), memoised on the edits. */
export function createRowsSelector() {
  let last: JudgementEdits | undefined;
  let rows: JudgementRow[] = [];
  return (snapshot: QueryJudgementsSnapshot): JudgementRow[] => {
    if (snapshot.context.edits !== last) {
      last = snapshot.context.edits;
      rows = shownRows(last);
    }
    return rows;
  };
}
