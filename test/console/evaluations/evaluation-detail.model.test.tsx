import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route, Switch } from 'wouter';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { sampleEvaluationResults } from '../../../src/fixtures/evaluation-results';
import { findSampleEvaluation } from '../../../src/fixtures/evaluations';
import { evaluationDetailMachine, type LoadedEvaluation } from '../../../src/machines/evaluations/evaluation-detail.machine';
import { formatDateTime } from '../../../src/domain/shared/format-date';
import { EvaluationDetailPage } from '../../../src/views/evaluations/EvaluationDetailPage';
import { EvaluationsPage } from '../../../src/views/evaluations/EvaluationsPage';
import { fakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { canTake, replayedSteps, replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based tests: every path comes from the real evaluation-detail machine's graph and is replayed
// against the real views inside a router with a memory location. The person's event is a click; the fake
// load's outcome settles the promise the view's actor waits on. After each step: what a person sees.

afterEach(cleanup);

type DetailSnapshot = SnapshotFrom<typeof evaluationDetailMachine>;
type ModelEvent =
  EventFromLogic<typeof evaluationDetailMachine> | ActorDone<'loadEvaluation', LoadedEvaluation> | ActorError<'loadEvaluation', Error>;

const evaluationId = '2';
const listPage = 2;
const startPath = `/evaluations/${evaluationId}?page=${listPage}`;
const loaded: LoadedEvaluation = { evaluation: findSampleEvaluation(evaluationId)!, results: sampleEvaluationResults };

const events: ModelEvent[] = [
  { type: 'user.back' },
  { type: 'xstate.done.actor.loadEvaluation', output: loaded },
  { type: 'xstate.error.actor.loadEvaluation', error: new Error(`No evaluation with ID ${evaluationId}.`) },
];

// Keyed with the transition that reached it, so the shortest paths cover every edge (Back from each state).
const serializeState = (state: DetailSnapshot, event: ModelEvent | undefined, previous?: DetailSnapshot) =>
  JSON.stringify({ value: state.value, from: previous?.value, by: event?.type });

function renderScreens() {
  const fake = fakeDeps();
  renderWithLogic(fake, startPath, (logic) => (
    <Switch>
      <Route path="/evaluations" component={EvaluationsPage} />
      <Route path="/evaluations/:id">
        {(params) => <EvaluationDetailPage key={params.id} id={params.id} logic={logic.evaluationDetail} />}
      </Route>
    </Switch>
  ));
  return { fake, currentPath: () => fake.currentPath() };
}

async function perform(event: ModelEvent, view: ReturnType<typeof renderScreens>) {
  if (event.type === 'user.back') {
    fireEvent.click(screen.getByRole('button', { name: 'Back to Evaluations' }));
    return;
  }
  if (event.type === 'xstate.done.actor.loadEvaluation') await view.fake.settle('loadEvaluation', { output: event.output });
  else await view.fake.settle('loadEvaluation', { error: event.error });
}

const heading = () => screen.getByRole('heading', { level: 1 });

/** What a person sees on the detail screen in each state. */
function expectDetailScreen(state: string) {
  expect(screen.getByRole('button', { name: 'Back to Evaluations' })).toBeTruthy();
  switch (state) {
    case 'loading':
      expect(screen.getByRole('status').textContent).toBe('Loading evaluation results...');
      expect(heading().textContent).toBe('Evaluation');
      expect(screen.queryByRole('table')).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
      break;
    case 'loaded': {
      expect(heading().textContent).toBe('Relevance baseline, France');
      expect(screen.getByText('Dataset Home & Living queries FR · Golden Set France')).toBeTruthy();
      expect(screen.queryByRole('status')).toBeNull();
      const table = screen.getByRole('table', { name: 'Relevance baseline, France' });
      expect(within(table).getByText('179 query results').tagName).toBe('CAPTION');
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((cell) => cell.textContent),
      ).toEqual(['Query', 'Status', 'Created At', 'Summary']);
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows).toHaveLength(179);
      for (const index of [0, 89, 178]) {
        const result = sampleEvaluationResults[index];
        expect(within(rows[index]).getByRole('rowheader').textContent).toBe(result.result.user_metadata.query);
        expect(
          within(rows[index])
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ).toEqual([result.status, formatDateTime(result.created_at), result.test_result]);
      }
      break;
    }
    case 'failed':
      expect(screen.getByRole('alert').textContent).toBe(`No evaluation with ID ${evaluationId}.`);
      expect(screen.queryByRole('status')).toBeNull();
      expect(screen.queryByRole('table')).toBeNull();
      break;
    default:
      throw new Error(`no screen check for state ${state}`);
  }
}

/** After Back: the evaluations list at the page the person came from. */
function expectListAtPage(view: ReturnType<typeof renderScreens>) {
  expect(view.currentPath()).toBe(`/evaluations?page=${listPage}`);
  expect(heading().textContent).toBe('Evaluations');
  expect(view.fake.last('evaluationRows').args).toEqual([{ page: listPage, pageSize: 20 }]);
  expect(screen.queryByRole('button', { name: 'Back to Evaluations' })).toBeNull();
}

describe('evaluation detail paths replayed against the views', () => {
  const paths = replayShortestPaths(evaluationDetailMachine, {
    input: { evaluationId, page: listPage },
    events: (state) => events.filter((event) => canTake(state, event)),
    serializeState,
    // A broken generator fails loudly: at least as many paths as the graph yields today.
    paths: { atLeast: 6 },
    name: (path, route) => `reaches ${String(path.state.value)}${route ? ` via ${route}` : ''}`,
    setup(path) {
      const view = renderScreens();
      expect(path.steps[0].state.value).toBe('loading');
      expectDetailScreen('loading');
      expect(view.fake.calls('loadEvaluation')).toBe(1);
      expect(view.fake.last('loadEvaluation').args).toEqual([evaluationId]);
      expect(view.currentPath()).toBe(startPath);
      return view;
    },
    perform: (event, view) => perform(event, view),
    expectInitialScreen: false,
    expectScreen: (state, view, event) =>
      event?.type === 'user.back' ? expectListAtPage(view) : expectDetailScreen(state.value as string),
    afterStep({ event }, view) {
      if (event.type !== 'user.back') expect(view.currentPath()).toBe(startPath);
    },
  });

  it('covers every state and Back from each of them', () => {
    const routes = paths.map((path) =>
      replayedSteps(path)
        .map(({ event }) => event.type)
        .join(' → '),
    );
    expect(new Set(routes)).toEqual(
      new Set([
        '',
        'user.back',
        'xstate.done.actor.loadEvaluation',
        'xstate.done.actor.loadEvaluation → user.back',
        'xstate.error.actor.loadEvaluation',
        'xstate.error.actor.loadEvaluation → user.back',
      ]),
    );
  });
});
