import type { SnapshotFrom } from 'xstate';
import { olderFirst } from '../../domain/compare/compare-links';
import type { compareSelectionMachine } from './compare-selection.machine';

export type CompareSelectionSnapshot = SnapshotFrom<typeof compareSelectionMachine>;

export const selectSelectedIds = (snapshot: CompareSelectionSnapshot) => snapshot.context.selected.map((run) => run.id);
/** Two are checked: the other checkboxes wait. */
export const selectIsFull = (snapshot: CompareSelectionSnapshot) => snapshot.matches('two');
export const selectCanCompare = (snapshot: CompareSelectionSnapshot) => snapshot.can({ type: 'user.compare' });

/** What Compare will do, in words: which run is the baseline once two are checked. */
export const selectCompareHint = (snapshot: CompareSelectionSnapshot): string => {
  const { selected } = snapshot.context;
  if (selected.length === 0) return 'Select two finished runs to compare.';
  if (selected.length === 1) return `Select one more run to compare with run ${selected[0].id}.`;
  const [baseline, candidate] = olderFirst(selected[0], selected[1]);
  return `Run ${baseline.id} (baseline) with run ${candidate.id} (candidate).`;
};
