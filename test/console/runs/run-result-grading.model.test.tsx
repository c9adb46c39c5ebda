import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { runResultDetailsMachine, type PassedRunResult } from '../../../src/machines/runs/run-result-details.machine';
import type { ExperimentRunResult } from '../../../src/domain/experiments/evaluation-backend-types';
import type { GradeScale } from '../../../src/domain/judging/judging-types';
import { RunResultDetailsPage } from '../../../src/views/runs/RunResultDetailsPage';
import { fakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';

// Model-based (issue 16): on a result's details, a returned product its golden set does not judge is graded in
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
  | { type: 'xstate.done.actor.fetchTarget'; output: { goldenSetId: number; scale: GradeScale } }
  | { type: 'xstate.error.actor.fetchTarget'; error: Error }
  | { type: 'xstate.done.actor.saveGrade'; output: unknown }
  | { type: 'xstate.error.actor.saveGrade'; error: Error };

const paths = getShortestPaths(runResultDetailsMachine, {
  input: { passed, resultId: 41 },
  events: (state: Snapshot) => {
    const { judged, pending } = state.context;
    return [
      ...(pending.length === 0 && state.hasTag('canJudge')
        ? [{ type: 'user.grade', productId: 'P2', grade: judged.P2 === 2 ? 1 : 2 }]
        : []),
      ...(state.matches({ showing: { judging: 'loading' } })
        ? [
            { type: 'xstate.done.actor.fetchTarget', output: { goldenSetId: 4, scale } },
            { type: 'xstate.error.actor.fetchTarget', error: new Error('The server answered 503') },
          ]
        : []),
      ...(state.matches({ showing: { judging: { ready: 'saving' } } })
        ? [
            { type: 'xstate.done.actor.saveGrade', output: {} },
            { type: 'xstate.error.actor.saveGrade', error: new Error(refusal) },
          ]
        : []),
    ] as never;
  },
  serializeState: ((state: Snapshot) =>
    JSON.stringify({
      judging: state.matches({ showing: { judging: 'ready' } }) ? 'ready' : state.value,
      judged: state.context.judged,
      pending: state.context.pending.length,
      saveError: state.context.saveError,
    })) as never,
});

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
  it('has paths to grading, a failed save and a second grade', () => expect(paths.length).toBeGreaterThanOrEqual(6));
  for (const path of paths) {
    const route = path.steps.map(({ event }) => event.type).join(' → ');
    it(`reaches ${JSON.stringify(path.state.value)} via ${route}`, async () => {
      const services = fakeDeps();
      renderWithLogic(services, '/experiment-run-result-details/41', <RunResultDetailsPage passed={passed} resultId={41} />);
      for (const step of path.steps.slice(1)) {
        const event = step.event as ModelEvent;
        switch (event.type) {
          case 'user.grade': {
            const product = within(screen.getByRole('list', { name: 'Search Results Products' })).getAllByRole('listitem')[1];
            product.focus();
            fireEvent.keyDown(product, { key: String(event.grade) });
            break;
          }
          case 'xstate.done.actor.fetchTarget':
            await services.settle('scaleOf', { output: event.output.scale });
            break;
          case 'xstate.error.actor.fetchTarget':
            await services.settle('scaleOf', { error: event.error });
            break;
          case 'xstate.done.actor.saveGrade':
            await services.settle('judge', { output: event.output });
            break;
          case 'xstate.error.actor.saveGrade':
            await services.settle('judge', { error: event.error });
            break;
        }
        await waitFor(() => expectGrading(step.state as Snapshot));
      }
      // The golden set the result's configuration names; a grade goes there under the result's input.
      expect(services.last('scaleOf').args).toEqual([4]);
      if (services.calls('judge') > 0)
        expect(services.last('judge').args).toEqual([
          4,
          {
            query: 'oak dining table',
            product_id: 'P2',
            grade: (path.steps.findLast((s) => s.event.type === 'user.grade')!.event as { grade: number }).grade,
          },
        ]);
    });
  }
});
