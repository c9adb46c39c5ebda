import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { PAGE_SIZE } from '../../../src/machines/shared/paged-list.machine';
import { scriptFilterMachine, type ScriptOption } from '../../../src/machines/experiments/script-filter.machine';
import type { ExperimentRow } from '../../../src/domain/experiments/script-names';
import { ExperimentsPage } from '../../../src/views/experiments/ExperimentsPage';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { isXStateEvent, replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: every shortest path (every edge) of the real 'Filter by Script' machine, replayed against
// the experiments screen. The dropdown's options come from fetchScriptOptions; each choice starts the
// list it names (all experiments, or that script's own paged call) at page 1.

afterEach(cleanup);

// Raised from 10 when Back/Forward between filters (`route.scriptChanged`) joined the graph.
const PATH_FLOOR = 21;

type FilterSnapshot = SnapshotFrom<typeof scriptFilterMachine>;
type ModelEvent =
  EventFromLogic<typeof scriptFilterMachine> | ActorDone<'fetchScriptOptions', ScriptOption[]> | ActorError<'fetchScriptOptions', Error>;

const scripts: ScriptOption[] = [
  { id: 1, name: 'Golden set relevance' },
  { id: 2, name: 'LLM relevance judge' },
];

const candidates: ModelEvent[] = [
  { type: 'xstate.done.actor.fetchScriptOptions', output: scripts },
  { type: 'xstate.error.actor.fetchScriptOptions', error: new Error('The scripts call failed') },
  { type: 'user.retry' },
  { type: 'user.selectScript', scriptId: 1 },
  { type: 'user.selectScript', scriptId: 2 },
  { type: 'user.selectScript', scriptId: null },
  // Back or Forward to another filter, at the page that entry had.
  { type: 'route.scriptChanged', scriptId: 2, page: 3 },
  { type: 'route.scriptChanged', scriptId: null, page: 2 },
];

// A dropdown only reports a change: choosing what is already chosen is no event a person can send.
function eventsFor(state: FilterSnapshot): ModelEvent[] {
  return candidates.filter((event) => {
    if (isXStateEvent(event)) return state.matches('loading');
    if (event.type === 'user.selectScript' && event.scriptId === state.context.scriptId) return false;
    return state.can(event);
  });
}

const describeEvent = (event: ModelEvent) =>
  event.type === 'user.selectScript'
    ? `select ${event.scriptId ?? 'All Scripts'}`
    : event.type === 'route.scriptChanged'
      ? `address ${event.scriptId ?? 'All Scripts'} page ${event.page}`
      : event.type.replace('xstate.', '').replace('.actor.', ' ');

const serializeState = (state: FilterSnapshot, event: ModelEvent | undefined, previous?: FilterSnapshot) =>
  JSON.stringify({
    value: state.value,
    scriptId: state.context.scriptId,
    from: previous?.value,
    fromId: previous?.context.scriptId,
    by: event && describeEvent(event),
  });

const experiment = (id: number, scriptId: number): ExperimentRow => ({
  id,
  name: `Experiment ${id}`,
  evaluation_script_id: scriptId,
  evaluation_script_name: scripts.find((script) => script.id === scriptId)!.name,
  dataset_id: 7,
  dataset_name: 'Dataset',
  description: `About experiment ${id}`,
  created_at: '2026-11-22T15:04:00Z',
  updated_at: '2026-11-23T09:30:00Z',
});

const addressOf = (scriptId: number | null, page: number) => `/experiments?${scriptId === null ? '' : `script=${scriptId}&`}page=${page}`;

const select = () => screen.getByLabelText('Filter by Script') as HTMLSelectElement;

async function perform(event: ModelEvent, services: FakeDeps) {
  switch (event.type) {
    case 'xstate.done.actor.fetchScriptOptions':
      return services.settle('allScriptOptions', { output: event.output });
    case 'xstate.error.actor.fetchScriptOptions':
      return services.settle('allScriptOptions', { error: event.error });
    case 'user.retry':
      return fireEvent.click(screen.getByRole('button', { name: 'Reload scripts' }));
    case 'user.selectScript':
      return fireEvent.change(select(), { target: { value: event.scriptId === null ? '' : String(event.scriptId) } });
    case 'route.scriptChanged':
      return services.routeTo(addressOf(event.scriptId, event.page));
  }
}

function expectFilter(state: FilterSnapshot) {
  const options = [...select().options].map((option) => option.textContent);
  if (state.matches('ready')) {
    expect(select().disabled).toBe(false);
    expect(options).toEqual(['All Scripts', ...scripts.map((script) => script.name)]);
  } else {
    expect(select().disabled).toBe(true);
    expect(options).toEqual(['All Scripts']);
  }
  // Until the options are there, only All Scripts can be shown (the table already shows the chosen list).
  const shown = state.matches('ready') && state.context.scriptId !== null ? String(state.context.scriptId) : '';
  expect(select().value).toBe(shown);
  const alert = screen.queryAllByRole('alert').find((element) => element.textContent === 'Failed to fetch evaluation scripts.');
  expect(Boolean(alert)).toBe(state.matches('failed'));
}

/** The table shows the list the filter names: its rows once its page call answers. */
async function expectTable(state: FilterSnapshot, services: FakeDeps) {
  const scriptId = state.context.scriptId;
  const call = scriptId === null ? 'experimentRows' : 'scriptExperimentRows';
  const rows = scriptId === null ? [experiment(1, 1), experiment(2, 2)] : [experiment(10 + scriptId, scriptId)];
  await services.settle(call, { output: { items: rows, total: null } });
  const table = await screen.findByRole('table', { name: 'Experiments' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Name', 'Evaluation Script', 'Dataset ID', 'Description', 'Created At', 'Updated At', 'Actions']);
  const cells = within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
  expect(cells).toEqual(
    rows.map((row) => [
      row.name,
      row.evaluation_script_name,
      `${row.dataset_name} #7`,
      row.description,
      'Nov 22, 2026, 3:04 PM',
      'Nov 23, 2026, 9:30 AM',
      'Details',
    ]),
  );
  expect(
    within(table)
      .getByRole('link', { name: `Details of ${rows[0].name}` })
      .getAttribute('href'),
  ).toBe(`/experiment-runs/${rows[0].id}`);
}

describe('Filter by Script', () => {
  replayShortestPaths(scriptFilterMachine, {
    events: eventsFor,
    serializeState,
    // A broken generator fails loudly: at least as many paths as the graph yields today.
    paths: { atLeast: PATH_FLOOR },
    describeEvent,
    name: (path, route) =>
      `reaches ${JSON.stringify(path.state.value)} (script ${path.state.context.scriptId ?? 'all'})${route ? ` via ${route}` : ''}`,
    setup() {
      const services = fakeDeps();
      renderWithLogic(services, '/experiments?page=2', <ExperimentsPage />);
      expect(services.last('experimentRows').input).toEqual({ page: 2, pageSize: PAGE_SIZE });
      return { services, lists: { experiments: 1, scriptExperiments: 0 } };
    },
    perform: (event, { services }) => perform(event, services),
    expectScreen: (state) => expectFilter(state),
    async afterStep({ event, state }, page) {
      const { services } = page;
      if (event.type === 'user.selectScript' || event.type === 'route.scriptChanged') {
        // A choice starts its own list at page 1, and the address says so (a new entry, so Back returns);
        // an address naming another script starts that script's list at the address's page.
        const at = event.type === 'route.scriptChanged' ? event.page : 1;
        expect(services.currentPath()).toBe(addressOf(event.scriptId, at));
        if (event.scriptId === null) {
          page.lists = { ...page.lists, experiments: page.lists.experiments + 1 };
          expect(services.last('experimentRows').input).toEqual({ page: at, pageSize: PAGE_SIZE });
        } else {
          page.lists = { ...page.lists, scriptExperiments: page.lists.scriptExperiments + 1 };
          expect(services.last('scriptExperimentRows').args).toEqual([event.scriptId, { page: at, pageSize: PAGE_SIZE }]);
        }
        await expectTable(state, services);
      }
      expect({ experiments: services.calls('experimentRows'), scriptExperiments: services.calls('scriptExperimentRows') }).toEqual(
        page.lists,
      );
    },
  });
});

describe('the filter in the address', () => {
  it('starts from the address’s script and page (a reload keeps the filter)', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/experiments?script=2&page=3', <ExperimentsPage />);
    expect(services.last('scriptExperimentRows').args).toEqual([2, { page: 3, pageSize: PAGE_SIZE }]);
    expect(services.calls('experimentRows')).toBe(0);
    await services.settle('allScriptOptions', { output: scripts });
    await waitFor(() => expect(select().value).toBe('2'));
  });

  it('keeps the filter when paging, and Back returns to the filter chosen before', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/experiments?page=1', <ExperimentsPage />);
    await services.settle('allScriptOptions', { output: scripts });
    fireEvent.change(select(), { target: { value: '1' } });
    expect(services.currentPath()).toBe('/experiments?script=1&page=1');
    const fullPage = Array.from({ length: PAGE_SIZE }, (_, index) => experiment(100 + index, 1));
    await services.settle('scriptExperimentRows', { output: { items: fullPage, total: null } });
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(services.currentPath()).toBe('/experiments?script=1&page=2');
    expect(services.last('scriptExperimentRows').args).toEqual([1, { page: 2, pageSize: PAGE_SIZE }]);
    await services.settle('scriptExperimentRows', { output: { items: [experiment(200, 1)], total: null } });

    services.goBack();
    services.goBack();
    expect(services.currentPath()).toBe('/experiments?page=1');
    await waitFor(() => expect(select().value).toBe(''));
    expect(services.last('experimentRows').input).toEqual({ page: 1, pageSize: PAGE_SIZE });
  });
});

describe('experiments table texts', () => {
  it('says when there are no experiments', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/experiments', <ExperimentsPage />);
    await services.settle('experimentRows', { output: { items: [], total: null } });
    expect(screen.getByRole('status').textContent).toBe('No experiments found.');
  });

  it('names a failure of the experiments or their scripts, with the error', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/experiments', <ExperimentsPage />);
    await services.settle('experimentRows', { error: new Error('500 Internal Server Error') });
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch experiments or script details. Error: 500 Internal Server Error');
  });

  it('names a failure of one script’s experiments, with the error', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/experiments', <ExperimentsPage />);
    await services.settle('allScriptOptions', { output: scripts });
    fireEvent.change(select(), { target: { value: '2' } });
    await services.settle('scriptExperimentRows', { error: new Error('502 Bad Gateway') });
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch experiments. Error: 502 Bad Gateway');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(services.calls('scriptExperimentRows')).toBe(2);
  });
});
