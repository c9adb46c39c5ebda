import { fromPromise } from 'xstate';
import { runSegmentsMachine, type SegmentTableFetch } from '../machines/runs/run-segments.machine';
import type { ConsoleDeps } from './console-deps';

// Segments: a run's means per metadata value (its results page), and a comparison's delta per value (compare).
export function createSegmentsLogic({ experimentRuns, runComparisons }: Pick<ConsoleDeps, 'experimentRuns' | 'runComparisons'>) {
  const fetchKeys = fromPromise(({ input }: { input: { runId: number } }) => experimentRuns.segmentKeys(input.runId));
  return {
    runSegments: runSegmentsMachine.provide({
      actors: {
        fetchKeys,
        fetchTable: fromPromise<unknown, SegmentTableFetch>(({ input }) => experimentRuns.segmentMeans(input.runId, input.key)),
      },
    }),
    compareSegments: runSegmentsMachine.provide({
      actors: {
        fetchKeys,
        fetchTable: fromPromise<unknown, SegmentTableFetch>(({ input }) =>
          runComparisons.segmentDeltas({
            baseline: input.runId,
            candidate: input.against!.candidate,
            metric: input.against!.metric,
            key: input.key,
          }),
        ),
      },
    }),
  };
}
