import type { SnapshotFrom } from 'xstate';
import { olderFirst } from '../../domain/compare/compare-links';
import { runDifferences } from '../../domain/runs/run-differences';
import { runLabel, runNumberText } from '../../domain/runs/run-label';
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
  if (selected.length === 1) return `Select one more run to compare with run ${runNumberText(selected[0])}.`;
  const [baseline, candidate] = olderFirst(selected[0], selected[1]);
  return `Run ${runNumberText(baseline)} (baseline) with run ${runNumberText(candidate)} (candidate).`;
};

export const selectCanShowDifferences = (snapshot: CompareSelectionSnapshot) => snapshot.can({ type: 'user.showDifferences' });
export const selectCanHideDifferences = (snapshot: CompareSelectionSnapshot) => snapshot.can({ type: 'user.hideDifferences' });

/** Once asked for: what differs between the two checked runs, the older first, each named by its number. */
export const selectDifferences = (snapshot: CompareSelectionSnapshot) => {
  if (!snapshot.matches({ two: 'differences' })) return null;
  const [first, second] = olderFirst(snapshot.context.selected[0], snapshot.context.selected[1]);
  return { first: runLabel(first), second: runLabel(second), differences: runDifferences(first, second) };
};
