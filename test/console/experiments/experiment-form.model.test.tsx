import { afterEach, describe, expect } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { experimentFormMachine, type ExperimentFormInput, type FormLoad } from '../../../src/machines/experiments/experiment-form.machine';
import { InvalidInputError } from '../../../src/domain/shared/error-message';
import { experimentRequest, type DraftField } from '../../../src/domain/experiments/experiment-draft';
import type { ExperimentDetails, FormOptions } from '../../../src/domain/experiments/workbench-types';
import { EditExperimentPage, NewExperimentPage } from '../../../src/views/experiments/ExperimentFormPage';
import { fakeDeps, type FakeDeps, type OutputOf } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { possibleEvents, replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: the experiment form machine's shortest paths, new and edit, replayed on the form page.

afterEach(cleanup);

const options: FormOptions = {
  datasets: [
    { id: 1, name: 'Sofas' },
    { id: 2, name: 'Lamps' },
  ],
  scripts: [
    { id: 3, name: 'Golden set relevance', runsHere: true },
    { id: 5, name: 'Elsewhere', runsHere: false },
  ],
  goldenSets: [{ id: 4, name: 'Sofa judgements' }],
};
const experiment: ExperimentDetails = {
  id: 7,
  name: 'BM25 baseline',
  description: 'Keyword search',
  evaluation_script_id: 3,
  dataset_id: 1,
  created_at: '2026-11-22T15:04:00Z',
  updated_at: '2026-11-22T15:04:00Z',
  config: { search_target: { kind: 'builtin' }, golden_set_id: 4, k: 10, gain: 'linear', pass_threshold: 0.5, relevant_from: 1 },
  dataset_name: 'Sofas',
  evaluation_script_name: 'Golden set relevance',
  golden_set_name: 'Sofa judgements',
  run_blockers: [],
};
const refusal = new InvalidInputError('body.config.k must be <= 1000; body.other is odd');

type Snapshot = SnapshotFrom<typeof experimentFormMachine>;
type ModelEvent =
  | EventFromLogic<typeof experimentFormMachine>
  | ActorDone<'loadForm', FormLoad>
  | ActorError<'loadForm', Error>
  | ActorDone<'saveExperiment', OutputOf<'createExperiment'>>
  | ActorError<'saveExperiment', Error>;

/** What a person and the services do in each state of the form opened with `input`. */
function eventsFor(input: ExperimentFormInput) {
  const loads: FormLoad[] =
    input.mode === 'new'
      ? [{ options }]
      : [
          { options, experiment },
          { options, experiment: null },
        ];
  return (state: Snapshot) => {
    const candidates: ModelEvent[] = [
      { type: 'user.change', field: 'name', value: '' },
      { type: 'user.change', field: 'name', value: 'Sofa search' },
      ...(input.mode === 'new' ? ([{ type: 'user.change', field: 'golden_set_id', value: '4' }] satisfies ModelEvent[]) : []),
      { type: 'user.filterDatasets', text: 'so' },
      { type: 'user.save' },
      { type: 'user.retry' },
      ...(state.matches('loading')
        ? ([
            ...loads.map((output): ModelEvent => ({ type: 'xstate.done.actor.loadForm', output })),
            { type: 'xstate.error.actor.loadForm', error: new Error('The server answered 503') },
          ] satisfies ModelEvent[])
        : []),
      ...(state.matches('saving')
        ? ([
            { type: 'xstate.done.actor.saveExperiment', output: experiment },
            { type: 'xstate.error.actor.saveExperiment', error: refusal },
          ] satisfies ModelEvent[])
        : []),
    ];
    return possibleEvents(
      state,
      // A field set to the value it holds is no change a person can make.
      candidates.filter((event) => event.type !== 'user.change' || state.context.draft[event.field] !== event.value),
    );
  };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement;
const LABELS: Partial<Record<DraftField, string>> = {
  name: 'Name',
  dataset_id: 'Dataset',
  golden_set_id: 'Golden set',
  k: 'k (results scored)',
};

async function perform(event: ModelEvent, services: FakeDeps) {
  switch (event.type) {
    case 'user.change':
      return fireEvent.change(field(LABELS[event.field]!), { target: { value: event.value } });
    case 'user.filterDatasets':
      return fireEvent.change(field('Find a dataset'), { target: { value: event.text } });
    case 'user.save':
      return fireEvent.click(screen.getByRole('button', { name: /^(Save|Saving\.\.\.)$/ }));
    case 'user.retry':
      return fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    case 'user.cancel':
      return fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    case 'xstate.done.actor.loadForm':
      await services.settle('formOptions', { output: event.output.options });
      if (event.output.experiment !== undefined) await services.settle('findExperiment', { output: event.output.experiment });
      return;
    case 'xstate.error.actor.loadForm':
      return services.settle('formOptions', { error: event.error });
    case 'xstate.done.actor.saveExperiment':
      return services.settle(services.calls('createExperiment') > 0 ? 'createExperiment' : 'updateExperiment', { output: event.output });
    case 'xstate.error.actor.saveExperiment':
      return services.settle(services.calls('createExperiment') > 0 ? 'createExperiment' : 'updateExperiment', { error: event.error });
  }
}

function expectScreen(state: Snapshot, services: FakeDeps, isNew: boolean) {
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(isNew ? 'New Experiment' : 'Edit Experiment');
  if (state.matches('loading')) return expect(screen.getByRole('status').textContent).toBe('Loading...');
  if (state.matches('missing')) return expect(screen.getByRole('alert').textContent).toBe('Experiment not found');
  if (state.matches('failed')) return expect(screen.getByRole('alert').textContent).toBe('The server answered 503');
  if (state.matches('saved')) return expect(services.currentPath()).toBe('/experiment-runs/7');
  const { draft, problems, datasetFilter } = state.context;
  expect(field('Name').value).toBe(draft.name);
  expect(field('Find a dataset').value).toBe(datasetFilter);
  expect(field('Golden set').value).toBe(draft.golden_set_id);
  // The dataset list narrowed to names holding the filter text.
  const datasets = [...(field('Dataset') as HTMLSelectElement).options].map((option) => option.textContent);
  expect(datasets).toEqual(datasetFilter === 'so' ? ['1 matching', 'Sofas'] : ['Choose a dataset', 'Sofas', 'Lamps']);
  // Each problem beside its field (read with it), the rest for the whole form.
  for (const [name, label] of Object.entries(LABELS) as Array<[DraftField, string]>) {
    const described = field(label).getAttribute('aria-describedby');
    const shown = described ? document.getElementById(described)!.textContent : '';
    expect(shown, name).toBe((problems[name] ?? []).join(''));
  }
  const alerts = screen.queryAllByRole('alert').map((alert) => alert.textContent);
  expect(alerts).toEqual(problems.form ?? []);
  const save = screen.getByRole('button', { name: /^(Save|Saving\.\.\.)$/ }) as HTMLButtonElement;
  expect(save.textContent).toBe(state.matches('saving') ? 'Saving...' : 'Save');
  expect(save.disabled).toBe(state.matches('saving'));
}

for (const input of [{ mode: 'new' }, { mode: 'edit', experimentId: 7 }] as ExperimentFormInput[]) {
  const isNew = input.mode === 'new';
  describe(`${isNew ? 'New' : 'Edit'} experiment: experiment-form paths`, () => {
    replayShortestPaths(experimentFormMachine, {
      input,
      events: eventsFor(input),
      serializeState: (state) => {
        const { draft, problems, datasetFilter, loadError } = state.context;
        return JSON.stringify({ value: state.value, draft, problems, datasetFilter, loadError });
      },
      paths: { atLeast: 8 },
      describeEvent: (event) => ('field' in event ? `${event.type}(${event.field}=${JSON.stringify(event.value)})` : event.type),
      setup() {
        const services = fakeDeps();
        renderWithLogic(
          services,
          isNew ? '/experiments/new' : '/experiments/7/edit',
          isNew ? <NewExperimentPage /> : <EditExperimentPage id={7} />,
        );
        return services;
      },
      perform: (event, services) => perform(event, services),
      expectScreen: (state, services) => expectScreen(state, services, isNew),
      afterStep({ event, state }, services) {
        if (event.type === 'user.save' && state.matches('saving')) {
          // The draft as the request: a new experiment is created, an edited one changed.
          const request = experimentRequest(state.context.draft).value;
          if (isNew) expect(services.last('createExperiment').args).toEqual([request]);
          else expect(services.last('updateExperiment').args).toEqual([7, request]);
        }
      },
      afterPath({ state }, services) {
        if (state.matches('editing') && state.context.draft.golden_set_id === '4' && state.context.draft.dataset_id !== '') {
          // The coverage of the chosen pair is asked for.
          expect(services.last('coverage').args).toEqual([4, Number(state.context.draft.dataset_id)]);
        }
        expect(within(document.body).queryByText('undefined')).toBeNull();
      },
    });
  });
}
