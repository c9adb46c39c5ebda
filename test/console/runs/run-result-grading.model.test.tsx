import { afterEach, describe, expect } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { runResultDetailsMachine, type PassedRunResult } from '../../../src/machines/runs/run-result-details.machine';
import type { ExperimentRunResult } from '../../../src/domain/experiments/evaluation-backend-types';
import type { GradeScale } from '../../../src/domain/judging/judging-types';
import { RunResultDetailsPage } from '../../../src/views/runs/RunResultDetailsPage';
import { fakeDeps, type OutputOf } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: on a result's details, a returned product its golden set does not judge is graded in
// place, into the run's golden set (named by the result's configuration), with the scale's keys or buttons.
// The grade shows at once; a failed save says so and the product is unjudged again. Shortest paths of the
// details machine's judging region, replayed on the page from the keyboard.

afterEach(cleanup);

type Snapshot = SnapshotFrom<typeof runResultDetailsMachine>;

const row: ExperimentRunResult = {
  id: 41,
  experiment_configuration: { k: 10, golden_set_id: 4 },
  created_at: '2026-11-22T15:04:00Z',
  result: {
    input: 'oak dining table',
    status: 'PASS',
    version: 'v1',
    test_result: 'nDCG@10 0.812',
    results: {
      metrics: { 'ndcg@10': 0.81 },
      search_results: [
        { product_id: 'P1', name: 'Oak table' },
        { product_id: 'P2', name: 'Pine table' },
      ],
      golden_set: [{ product_id: 'P1', relevance: 3 }],
      commons: ['P1'],
      missings: [],
      leftovers: ['P2'],
    },
  },
};
const passed: PassedRunResult = { result: row, runId: 9, page: 1 };
const scale: GradeScale = { max_grade: 3, labels: ['Poor', 'Fair', 'Good', 'Perfect'] };
const refusal = 'body.grade must be between 0 and 3 (the golden set’s scale), got 2';

type ModelEvent =
  | EventFromLogic<typeof runResultDetailsMachine>
  | ActorDone<'fetchTarget', { goldenSetId: number; scale: GradeScale }>
  | ActorError<'fetchTarget', Error>
  | ActorDone<'saveGrade', OutputOf<'saveJudgement'>>
  | ActorError<'saveGrade', Error>;

/** The grade the server kept, as it answers a save. */
const saved: OutputOf<'saveJudgement'> = {
  product_id: 'P2',
  name: null,
  image_url: null,
  grade: 2,
  judged_by: 'ada',
  judged_at: '2026-11-22T15:04:00Z',
};

function expectGrading(state: Snapshot) {
  const products = within(screen.getByRole('list', { name: 'Search Results Products' })).getAllByRole('listitem');
  const grade = state.context.judged.P2;
  // The row shows its new grade at once; the judged product has no buttons.
  expect(products.map((item) => item.firstElementChild!.textContent)).toEqual([
    '#1 · Common · grade 3',
    `#2 · Leftover · ${grade === undefined ? 'unjudged' : `grade ${grade}`}`,
  ]);
  expect(within(products[0]).queryByRole('group')).toBeNull();
  const group = within(products[1]).queryByRole('group', { name: 'Grade P2' });
  if (!state.hasTag('canJudge')) return expect(group).toBeNull();
  expect(
    within(group!)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label')),
  ).toEqual(['0 Poor', '1 Fair', '2 Good', '3 Perfect']);
  expect(
    within(group!)
      .queryAllByRole('button', { pressed: true })
      .map((button) => button.textContent),
  ).toEqual(grade === undefined ? [] : [String(grade)]);
  const alert = screen.queryByText(/was not saved/);
  expect(alert?.textContent ?? null).toBe(state.context.saveError);
  if (state.context.saveError) expect(state.context.saveError).toMatch(/^Grade [12] for P2 was not saved: body.grade must be/);
}

describe('grading a returned product in place', () => {
  replayShortestPaths(runResultDetailsMachine, {
    input: { passed, resultId: 41 },
    events: (state) => {
      const { judged, pending } = state.context;
      return [
        ...(pending.length === 0 && state.hasTag('canJudge')
          ? ([{ type: 'user.grade', productId: 'P2', grade: judged.P2 === 2 ? 1 : 2 }] satisfies ModelEvent[])
          : []),
        ...(state.matches({ showing: { judging: 'loading' } })
          ? ([
              { type: 'xstate.done.actor.fetchTarget', output: { goldenSetId: 4, scale } },
              { type: 'xstate.error.actor.fetchTarget', error: new Error('The server answered 503') },
            ] satisfies ModelEvent[])
          : []),
        ...(state.matches({ showing: { judging: { ready: 'saving' } } })
          ? ([
              { type: 'xstate.done.actor.saveGrade', output: saved },
              { type: 'xstate.error.actor.saveGrade', error: new Error(refusal) },
            ] satisfies ModelEvent[])
          : []),
      ];
    },
    serializeState: (state) =>
      JSON.stringify({
        judging: state.matches({ showing: { judging: 'ready' } }) ? 'ready' : state.value,
        judged: state.context.judged,
        pending: state.context.pending.length,
        saveError: state.context.saveError,
      }),
    paths: { atLeast: 6, name: 'has paths to grading, a failed save and a second grade' },
    // The route names the initial event too.
    name: (path) => `reaches ${JSON.stringify(path.state.value)} via ${path.steps.map(({ event }) => event.type).join(' → ')}`,
    setup() {
      const services = fakeDeps();
      renderWithLogic(services, '/experiment-run-result-details/41', <RunResultDetailsPage passed={passed} resultId={41} />);
      return services;
    },
    async perform(event, services) {
      switch (event.type) {
        case 'user.grade': {
          const product = within(screen.getByRole('list', { name: 'Search Results Products' })).getAllByRole('listitem')[1];
          product.focus();
          return fireEvent.keyDown(product, { key: String(event.grade) });
        }
        case 'xstate.done.actor.fetchTarget':
          return services.settle('scaleOf', { output: event.output.scale });
        case 'xstate.error.actor.fetchTarget':
          return services.settle('scaleOf', { error: event.error });
        case 'xstate.done.actor.saveGrade':
          return services.settle('saveJudgement', { output: event.output });
        case 'xstate.error.actor.saveGrade':
          return services.settle('saveJudgement', { error: event.error });
      }
    },
    expectInitialScreen: false,
    expectScreen: (state) => expectGrading(state),
    afterPath(path, services) {
      // The golden set the result's configuration names; a grade goes there under the result's input.
      expect(services.last('scaleOf').args).toEqual([4]);
      const grades = path.steps.flatMap(({ event }) => (event.type === 'user.grade' ? [event.grade] : []));
      if (services.calls('saveJudgement') > 0)
        expect(services.last('saveJudgement').args).toEqual([4, { query: 'oak dining table', product_id: 'P2', grade: grades.at(-1) }]);
    },
  });
});
