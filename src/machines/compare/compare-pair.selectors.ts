import type { SnapshotFrom } from 'xstate';
import type { comparePairMachine, Side } from './compare-pair.machine';

export type ComparePairSnapshot = SnapshotFrom<typeof comparePairMachine>;

/** The address lacks one of the two result ids (or names one that is malformed). */
export const selectIsInvalid = (snapshot: ComparePairSnapshot) => snapshot.hasTag('invalid');
export const selectIsLoading = (snapshot: ComparePairSnapshot) => snapshot.hasTag('loading');
/** A side failed to load: Try again fetches it again. */
export const selectCanRetry = (snapshot: ComparePairSnapshot) => snapshot.hasTag('failed');
export const selectIsShowing = (snapshot: ComparePairSnapshot) => snapshot.hasTag('showing');
export const selectMetric = (snapshot: ComparePairSnapshot) => snapshot.context.metric;
export const selectBaseline = (snapshot: ComparePairSnapshot) => snapshot.context.baseline;
export const selectCandidate = (snapshot: ComparePairSnapshot) => snapshot.context.candidate;

export type SideProblem = { side: Side; id: number; kind: 'missing' | 'failed'; error: string | null };

/** What went wrong with each side so far, baseline first: not on the server, or failed to load (with why). */
export const selectProblems = (snapshot: ComparePairSnapshot): SideProblem[] => {
  const { context } = snapshot;
  return (['baseline', 'candidate'] as const).flatMap((side): SideProblem[] => {
    const id = side === 'baseline' ? context.baselineResultId : context.candidateResultId;
    if (id === null) return [];
    if (context[`${side}Missing`]) return [{ side, id, kind: 'missing', error: null }];
    if (snapshot.matches({ fetching: { [side]: 'failed' } })) return [{ side, id, kind: 'failed', error: context[`${side}Error`] }];
    return [];
  });
};
