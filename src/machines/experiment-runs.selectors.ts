import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { experimentRunsMachine } from './experiment-runs.machine';
import type { resourceMachine } from './resource.machine';
import type { runProgressMachine } from './run-progress.machine';

export type ExperimentRunsSnapshot = SnapshotFrom<typeof experimentRunsMachine>;

export const selectRunList = (snapshot: ExperimentRunsSnapshot) => snapshot.children.runList as ActorRefFrom<typeof resourceMachine>;
export const selectRunProgress = (snapshot: ExperimentRunsSnapshot) =>
  snapshot.children.runProgress as ActorRefFrom<typeof runProgressMachine>;
