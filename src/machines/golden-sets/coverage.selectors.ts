import type { SnapshotFrom } from 'xstate';
import type { coverageMachine } from './coverage.machine';

export type CoverageSnapshot = SnapshotFrom<typeof coverageMachine>;

export const selectCoverage = (snapshot: CoverageSnapshot) => snapshot.context.coverage;
export const selectCoverageLoading = (snapshot: CoverageSnapshot) => snapshot.hasTag('loading');
export const selectCoverageError = (snapshot: CoverageSnapshot) => (snapshot.matches('failed') ? snapshot.context.error : null);
