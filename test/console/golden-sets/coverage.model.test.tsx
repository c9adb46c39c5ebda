import { afterEach, describe, expect } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createActor, fromPromise, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { coverageMachine } from '../../../src/machines/golden-sets/coverage.machine';
import type { CoverageAnswer } from '../../../src/domain/experiments/workbench-types';
import { CoverageSummary } from '../../../src/views/golden-sets/CoverageSummary';
import { possibleEvents, replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: the coverage machine's shortest paths, replayed on its summary. The pairs come from the
// form (another machine), so they are sent to the actor; Try again is clicked.

afterEach(cleanup);

const partly: CoverageAnswer = { queries: 60, judged: 52, not_judged: ['lamp', 'rug'] };
const whole: CoverageAnswer = { queries: 1, judged: 1, not_judged: [] };

type Snapshot = SnapshotFrom<typeof coverageMachine>;
type ModelEvent = EventFromLogic<typeof coverageMachine> | ActorDone<'fetchCoverage', CoverageAnswer> | ActorError<'fetchCoverage', Error>;

function renderSummary() {
  const calls: Array<{
    input: { goldenSetId: number; datasetId: number };
    resolve(value: CoverageAnswer): void;
    reject(error: Error): void;
  }> = [];
  const actor = createActor(
    coverageMachine.provide({
      actors: {
        fetchCoverage: fromPromise(
          ({ input }: { input: { goldenSetId: number; datasetId: number } }) =>
            new Promise<CoverageAnswer>((resolve, reject) => calls.push({ input, resolve, reject })),
        ),
      },
    }),
    { input: { goldenSetId: null, datasetId: null } },
  ).start();
  render(<CoverageSummary coverage={actor} />);
  return { actor, calls };
}

function expectSummary(state: Snapshot) {
  const { coverage } = state.context;
  const text = document.body.textContent ?? '';
  if (state.hasTag('loading')) return expect(text).toBe('Counting the queries the golden set judges...');
  if (state.matches('failed'))
    return expect(screen.getByRole('alert').textContent).toBe('Failed to count the judged queries: The server answered 500');
  if (!coverage) return expect(text).toBe('');
  const sentence =
    coverage === partly ? '52 of 60 queries have relevant judgements; 8 will not be scored.' : '1 of 1 query has relevant judgements.';
  expect(screen.getByText(sentence)).toBeTruthy();
  expect(screen.queryAllByRole('listitem').map((item) => item.textContent)).toEqual(coverage.not_judged);
  if (coverage.not_judged.length > 0) expect(screen.getByText('The first 2 of 8 queries not judged')).toBeTruthy();
}

describe('Coverage: coverage paths', () => {
  replayShortestPaths(coverageMachine, {
    input: { goldenSetId: null, datasetId: null },
    events: (state) =>
      possibleEvents<ModelEvent>(state, [
        { type: 'coverage.for', goldenSetId: 4, datasetId: 1 },
        { type: 'coverage.for', goldenSetId: 4, datasetId: null },
        { type: 'coverage.for', goldenSetId: 5, datasetId: 1 },
        { type: 'user.retry' },
        ...(state.hasTag('loading')
          ? ([
              { type: 'xstate.done.actor.fetchCoverage', output: state.context.goldenSetId === 4 ? partly : whole },
              { type: 'xstate.error.actor.fetchCoverage', error: new Error('The server answered 500') },
            ] satisfies ModelEvent[])
          : []),
      ]),
    serializeState: (state) => JSON.stringify({ value: state.value, context: state.context }),
    paths: { atLeast: 11 },
    describeEvent: (event) => ('goldenSetId' in event ? `${event.type}(${event.goldenSetId},${event.datasetId})` : event.type),
    setup: () => renderSummary(),
    expectScreen: (state) => expectSummary(state),
    beforeStep: (_, { calls }) => calls.length,
    async perform(event, { actor, calls }) {
      if (event.type === 'coverage.for') act(() => actor.send(event));
      else if (event.type === 'user.retry') fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      else if (event.type === 'xstate.done.actor.fetchCoverage') await act(async () => calls.at(-1)!.resolve(event.output));
      else await act(async () => calls.at(-1)!.reject(event.error));
    },
    afterStep({ state }, { calls }, before) {
      // Every step that lands in loading asks (a new complete pair, or Try again), for exactly that pair.
      expect(calls.length).toBe(before + (state.hasTag('loading') ? 1 : 0));
      if (state.hasTag('loading')) {
        const { goldenSetId, datasetId } = state.context;
        expect(calls.at(-1)!.input).toEqual({ goldenSetId, datasetId });
      }
    },
  });
});
