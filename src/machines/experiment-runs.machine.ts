import { sendTo, setup, type SnapshotFrom } from 'xstate';
import type { ExperimentRun } from '../services/evaluation-backend';
import { activeRunOf } from '../services/run-status';
import { resourceMachine } from './resource.machine';
import { runProgressMachine } from './run-progress.machine';

// Spec §2 /experiment-runs/{id}: the page's two flows side by side. The experiment's runs (the one-record
// machine over the unpaged runs call) and the run progress (start, watch, cancel). When the list has loaded
// and shows a run that is still going, the progress flow watches it; when a run starts or ends, the progress
// flow says `runs.changed` and the list fetches again, keeping its rows shown meanwhile.

export type ExperimentRunsInput = { experimentId: number };
export type ExperimentRunsEvent = { type: 'runs.changed' };

type RunListSnapshot = SnapshotFrom<typeof resourceMachine>;

/** The run still going in a freshly loaded list (a list being refreshed still shows the old rows). */
function activeRunIn(snapshot: RunListSnapshot): ExperimentRun | null {
  if (snapshot.value !== 'loaded' || !Array.isArray(snapshot.context.data)) return null;
  return activeRunOf(snapshot.context.data as ExperimentRun[]);
}

export const experimentRunsMachine = setup({
  types: {
    input: {} as ExperimentRunsInput,
    context: {} as { experimentId: number },
    events: {} as ExperimentRunsEvent,
  },
  actors: {
    // providers give each its real actors (the runs call; start, poll and cancel).
    runList: resourceMachine,
    runProgress: runProgressMachine,
  },
  guards: {
    showsActiveRun: (_, params: { list: RunListSnapshot }) => activeRunIn(params.list) !== null,
  },
  actions: {
    reloadRuns: sendTo('runList', { type: 'resource.reload' }),
    watchActiveRun: sendTo('runProgress', (_, params: { list: RunListSnapshot }) => ({
      type: 'list.foundActiveRun' as const,
      run: activeRunIn(params.list)!,
    })),
  },
}).createMachine({
  id: 'experimentRuns',
  context: ({ input }) => ({ experimentId: input.experimentId }),
  invoke: [
    {
      id: 'runList',
      src: 'runList',
      input: ({ context }) => ({ id: context.experimentId }),
      onSnapshot: {
        guard: { type: 'showsActiveRun', params: ({ event }) => ({ list: event.snapshot as RunListSnapshot }) },
        actions: { type: 'watchActiveRun', params: ({ event }) => ({ list: event.snapshot as RunListSnapshot }) },
      },
    },
    { id: 'runProgress', src: 'runProgress', input: ({ context }) => ({ experimentId: context.experimentId }) },
  ],
  on: { 'runs.changed': { actions: 'reloadRuns' } },
});
