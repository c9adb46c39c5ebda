import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { newEvaluationMachine } from '../../../src/machines/evaluations/new-evaluation.machine';
import type { CreatedEvaluation, EvaluationFormOptions, EvaluationUpload } from '../../../src/domain/evaluations/evaluation-upload';
import type { UploadOptions } from '../../../src/domain/datasets/upload-types';
import { UploadError } from '../../../src/services/upload-csv';
import { NewEvaluationPage } from '../../../src/views/evaluations/NewEvaluationPage';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderRoute, renderWithLogic } from '../helpers/render-console';
import { possibleEvents, replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: New Evaluation's flow (load the choices, fill the form, upload with progress, cancel, a refused
// file, created), every state by its shortest path, replayed on /evaluations/new.

afterEach(cleanup);

type Snapshot = SnapshotFrom<typeof newEvaluationMachine>;
type ModelEvent =
  | EventFromLogic<typeof newEvaluationMachine>
  | ActorDone<'loadOptions', EvaluationFormOptions>
  | ActorError<'loadOptions', Error>
  | ActorDone<'uploadEvaluation', CreatedEvaluation>
  | ActorError<'uploadEvaluation', Error>;

const options: EvaluationFormOptions = {
  goldenSets: [
    { id: 2, name: 'Sofas UK' },
    { id: 5, name: 'Lamps FR' },
  ],
  datasets: [{ id: 7, name: 'Head queries' }],
};
const run = new File(['sofa Q0 P1 1 9.5 rerank\n'], 'offline.run');
const fixed = new File(['sofa Q0 P1 1 9.5 rerank\n'], 'fixed.trec');
const queries = new File(['sofa\tgrey sofa\n'], 'queries.tsv');
const created: CreatedEvaluation = { id: 41, run_id: 90, status: 'pending', queries: 1 };
const loadFailure = new Error('The server could not be reached. Please try again.');
const refused = new UploadError('The ranking file has 2 problems; nothing was stored', 400, [
  { row: 3, column: 'rank', problem: 'must be a whole number' },
  { row: 7, column: null, problem: 'has 5 fields, not 6' },
]);

const byLabel = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
/** The options of the upload call the latest Create made. */
const uploadOptionsOf = (services: FakeDeps) => services.last('uploadEvaluation').args[1] as UploadOptions;

async function perform(event: ModelEvent, services: FakeDeps) {
  switch (event.type) {
    case 'xstate.done.actor.loadOptions':
      await services.settle('goldenSetOptions', { output: event.output.goldenSets });
      return services.settle('datasetOptions', { output: event.output.datasets });
    case 'xstate.error.actor.loadOptions':
      return services.settle('goldenSetOptions', { error: event.error });
    case 'user.retry':
      return fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    case 'user.change':
      return fireEvent.change(byLabel({ name: 'Name', goldenSetId: 'Golden set' }[event.field as 'name']), {
        target: { value: event.value },
      });
    case 'user.chooseFile':
      return fireEvent.change(byLabel('File'), { target: { files: [event.file] } });
    case 'user.chooseQueries':
      return fireEvent.change(byLabel('Queries file (optional)'), { target: { files: [event.file] } });
    case 'user.submit':
      return fireEvent.click(screen.getByRole('button', { name: 'Create Evaluation' }));
    case 'user.cancelUpload':
      return fireEvent.click(screen.getByRole('button', { name: 'Cancel upload' }));
    case 'upload.progress':
      return act(() => uploadOptionsOf(services).onProgress!({ loaded: event.loaded, total: event.total }));
    case 'xstate.done.actor.uploadEvaluation':
      return services.settle('uploadEvaluation', { output: event.output });
    case 'xstate.error.actor.uploadEvaluation':
      return services.settle('uploadEvaluation', { error: event.error });
  }
}

function expectScreen(state: Snapshot, services: FakeDeps) {
  expect(screen.getByRole('heading', { level: 1, name: 'New Evaluation' })).toBeTruthy();
  const { context } = state;
  expect(screen.queryByText('Loading...') !== null).toBe(state.matches('loading'));
  if (state.matches('loading')) return;
  if (state.matches('loadFailed')) {
    expect(screen.getByRole('alert').textContent).toBe(`Failed to fetch the golden sets and datasets. ${loadFailure.message}`);
    expect(screen.queryByRole('form')).toBeNull();
    return;
  }
  if (state.matches('created')) {
    expect(screen.getByRole('status').textContent).toBe('Evaluation created. Opening it...');
    expect(services.currentPath()).toBe('/evaluations/41');
    return;
  }
  const uploading = state.matches('uploading');
  expect(screen.getByRole('form', { name: 'New evaluation' })).toBeTruthy();
  // The form as the person left it, read-only while it uploads.
  expect([byLabel('Name').value, byLabel('Golden set').value, byLabel('Dataset').value, byLabel('k (results scored)').value]).toEqual([
    context.draft.name,
    context.draft.goldenSetId,
    '',
    '10',
  ]);
  expect(byLabel('Format').value).toBe('trec');
  expect(byLabel('Name').matches(':disabled')).toBe(uploading);
  expect(
    within(byLabel('Golden set'))
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['Choose a golden set', 'Sofas UK', 'Lamps FR']);
  expect(
    within(byLabel('Dataset'))
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['None: the file’s queries', 'Head queries']);
  // The form's own problems beside their fields, after a Send they stopped.
  const shown = (text: string) => screen.queryByText(text) !== null;
  expect({
    name: shown('Name the evaluation.'),
    goldenSetId: shown('Choose the golden set to score against.'),
    file: shown('Choose the ranking file.'),
  }).toEqual({
    name: context.problems.name !== undefined,
    goldenSetId: context.problems.goldenSetId !== undefined,
    file: context.problems.file !== undefined,
  });
  const progress = screen.queryByRole('progressbar');
  expect(progress ? [progress.getAttribute('value'), screen.getByText(/^Uploading\.\.\. \d+%$/).textContent] : null).toEqual(
    uploading ? [String(context.progress ? 25 : 0), `Uploading... ${context.progress ? 25 : 0}%`] : null,
  );
  const create = screen.getByRole('button', { name: uploading ? 'Uploading...' : 'Create Evaluation' }) as HTMLButtonElement;
  expect(create.disabled).toBe(uploading);
  expect(screen.queryByRole('button', { name: 'Cancel upload' }) !== null).toBe(uploading);
  expect(screen.queryByRole('button', { name: 'Cancel' }) !== null).toBe(!uploading);
  expect(shown('Upload cancelled.')).toBe(context.cancelled);
  const alerts = screen.queryAllByRole('alert').map((alert) => alert.textContent);
  expect(alerts).toEqual(
    state.matches({ form: 'failed' })
      ? [`Failed to create the evaluation. ${refused.message}Line 3, field rank: must be a whole numberLine 7: has 5 fields, not 6`]
      : [],
  );
}

describe('New Evaluation paths', () => {
  replayShortestPaths(newEvaluationMachine, {
    events: (state) => {
      const { draft } = state.context;
      const inForm = state.matches('form');
      return possibleEvents<ModelEvent>(state, [
        ...(state.matches('loading')
          ? ([
              { type: 'xstate.done.actor.loadOptions', output: options },
              { type: 'xstate.error.actor.loadOptions', error: loadFailure },
            ] as const)
          : []),
        { type: 'user.retry' },
        // The form is filled in one order, Send tried at each step: every problem shows and goes.
        { type: 'user.submit' },
        ...(inForm && draft.name === '' ? [{ type: 'user.change', field: 'name', value: 'Offline reranker' } as const] : []),
        ...(inForm && draft.name !== '' && draft.goldenSetId === ''
          ? [{ type: 'user.change', field: 'goldenSetId', value: '2' } as const]
          : []),
        ...(inForm && draft.goldenSetId !== '' && draft.file === null ? [{ type: 'user.chooseFile', file: run } as const] : []),
        ...(inForm && draft.file === run && draft.queries === null ? [{ type: 'user.chooseQueries', file: queries } as const] : []),
        // A refused file replaced by another.
        ...(state.matches({ form: 'failed' }) ? [{ type: 'user.chooseFile', file: fixed } as const] : []),
        ...(state.matches('uploading')
          ? ([
              ...(state.context.progress === null ? [{ type: 'upload.progress', loaded: 256, total: 1024 } as const] : []),
              { type: 'user.cancelUpload' },
              { type: 'xstate.done.actor.uploadEvaluation', output: created },
              { type: 'xstate.error.actor.uploadEvaluation', error: refused },
            ] as const)
          : []),
      ]);
    },
    // Files stringify as {}: name them.
    serializeEvent: (event) => JSON.stringify('file' in event ? { ...event, file: event.file?.name } : event),
    serializeState: (state) =>
      JSON.stringify({
        value: state.value,
        context: {
          ...state.context,
          draft: { ...state.context.draft, file: state.context.draft.file?.name, queries: state.context.draft.queries?.name },
        },
      }),
    // A broken generator fails loudly: at least as many paths as the graph yields today.
    paths: { atLeast: 20 },
    describeEvent: (event) =>
      'file' in event ? `${event.type}(${event.file?.name})` : event.type === 'user.change' ? `${event.type}(${event.field})` : event.type,
    setup() {
      const services = fakeDeps();
      renderWithLogic(services, '/evaluations/new', <NewEvaluationPage />);
      return services;
    },
    perform: (event, services) => perform(event, services),
    expectScreen: (state, services) => expectScreen(state, services),
    afterStep({ event, previous }, services) {
      if (event.type !== 'user.submit' || !previous.matches('form') || services.calls('uploadEvaluation') === 0) return;
      // What Create sent: the form's numbers as numbers, the queries file with the TREC run.
      const { draft } = previous.context;
      if (draft.file === null) return;
      const upload: EvaluationUpload = {
        name: 'Offline reranker',
        goldenSetId: 2,
        datasetId: null,
        k: 10,
        gain: 'linear',
        relevantFrom: 1,
        format: 'trec',
        file: draft.file,
        queries: draft.queries,
      };
      expect(services.last('uploadEvaluation').args[0]).toEqual(upload);
    },
    afterPath(path, services) {
      // Cancel aborts the request.
      if (path.steps.some(({ event }) => event.type === 'user.cancelUpload')) expect(uploadOptionsOf(services).signal!.aborted).toBe(true);
    },
  });
});

describe('New Evaluation', () => {
  async function filled(services = fakeDeps(), path = '/evaluations/new') {
    renderWithLogic(services, path, <NewEvaluationPage />);
    await perform({ type: 'xstate.done.actor.loadOptions', output: options }, services);
    fireEvent.change(byLabel('Name'), { target: { value: 'Vendor export' } });
    fireEvent.change(byLabel('Golden set'), { target: { value: '5' } });
    return services;
  }

  it('reads the format from the file’s name, keeps a chosen one for a name that tells none, and asks the queries file only for TREC', async () => {
    await filled();
    fireEvent.change(byLabel('File'), { target: { files: [new File(['{}'], 'export.ndjson')] } });
    expect(byLabel('Format').value).toBe('jsonl');
    expect(screen.queryByLabelText('Queries file (optional)')).toBeNull();
    fireEvent.change(byLabel('Format'), { target: { value: 'csv' } });
    fireEvent.change(byLabel('File'), { target: { files: [new File([''], 'export.tsv')] } });
    expect(byLabel('Format').value).toBe('csv');
    fireEvent.change(byLabel('File'), { target: { files: [new File([''], 'run.TXT')] } });
    expect(byLabel('Format').value).toBe('trec');
    expect(byLabel('Queries file (optional)')).toBeTruthy();
  });

  it('hands over an example file of the chosen format, and of a TREC run’s queries file', async () => {
    const services = await filled();
    fireEvent.click(screen.getByRole('button', { name: 'Download an example TREC run' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download an example queries file' }));
    fireEvent.change(byLabel('Format'), { target: { value: 'jsonl' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download an example JSON Lines file' }));
    expect(services.saved.map((file) => file.filename)).toEqual(['example-run.trec', 'example-queries.tsv', 'example-ranking.jsonl']);
    expect((await services.saved[0].blob.text()).split('\n')[0]).toBe('q1 Q0 P-1001 1 12.5 my-ranker');
  });

  it('sends the dataset, k, gain and relevant-from chosen, and no queries file with a CSV', async () => {
    const services = await filled();
    fireEvent.change(byLabel('Dataset'), { target: { value: '7' } });
    fireEvent.change(byLabel('k (results scored)'), { target: { value: ' 20 ' } });
    fireEvent.change(byLabel('Gain'), { target: { value: 'exponential' } });
    fireEvent.change(byLabel('Relevant from grade'), { target: { value: '2' } });
    fireEvent.change(byLabel('File'), { target: { files: [run] } });
    fireEvent.change(byLabel('Queries file (optional)'), { target: { files: [queries] } });
    const csv = new File(['query,product_id,rank\n'], 'export.csv');
    fireEvent.change(byLabel('File'), { target: { files: [csv] } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Evaluation' }));
    expect(services.last('uploadEvaluation').args[0]).toEqual({
      name: 'Vendor export',
      goldenSetId: 5,
      datasetId: 7,
      k: 20,
      gain: 'exponential',
      relevantFrom: 2,
      format: 'csv',
      file: csv,
      queries: null,
    });
  });

  it('names a k or relevant-from out of bounds beside its field, and sends nothing', async () => {
    const services = await filled();
    fireEvent.change(byLabel('File'), { target: { files: [run] } });
    fireEvent.change(byLabel('k (results scored)'), { target: { value: '1001' } });
    fireEvent.change(byLabel('Relevant from grade'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Evaluation' }));
    expect(byLabel('k (results scored)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('k must be a whole number from 1 to 1,000.')).toBeTruthy();
    expect(screen.getByText('Relevant from must be a whole number from 1 to 100.')).toBeTruthy();
    expect(services.calls('uploadEvaluation')).toBe(0);
  });

  it('goes back to the list on Cancel', async () => {
    const services = await filled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(services.currentPath()).toBe('/evaluations');
  });

  it('is read-only for a viewer, Create refused with the reason', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/evaluations/new', <NewEvaluationPage />, { role: 'viewer' });
    await perform({ type: 'xstate.done.actor.loadOptions', output: options }, services);
    expect(screen.getByRole('note').textContent).toBe('Uploading evaluations: needs the curator role — you are a viewer.');
    expect(byLabel('Name').matches(':disabled')).toBe(true);
    const create = screen.getByRole('button', { name: 'Create Evaluation' });
    expect(create.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(create);
    expect(services.calls('uploadEvaluation')).toBe(0);
  });

  it('is the route /evaluations/new, not an evaluation called "new"', async () => {
    const services = fakeDeps();
    renderRoute(services, '/evaluations/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'New Evaluation' })).toBeTruthy();
    await vi.waitFor(() => expect(services.calls('goldenSetOptions')).toBe(1));
  });
});
