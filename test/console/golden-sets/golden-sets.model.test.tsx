import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createEmptyActor, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { isGoldenSetNameGiven, renameGoldenSetMachine } from '../../../src/machines/golden-sets/rename-golden-set.machine';
import { isGoldenSetUploadReady, uploadGoldenSetMachine } from '../../../src/machines/golden-sets/upload-golden-set.machine';
import type { GoldenSet } from '../../../src/domain/experiments/evaluation-backend-types';
import { RefusalError } from '../../../src/domain/shared/error-message';
import { GoldenSetsPage } from '../../../src/views/golden-sets/GoldenSetsPage';
import { errorMessage } from '../../../src/views/ui/status.css';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { possibleEvents, replayShortestPaths, type ActorError } from '../helpers/replay-shortest-paths';

// The Golden Sets screen: the list, delete through the confirm modal, each row's export buttons
// (every path of the export machine is in file-export.model.test.tsx), and model-based paths of the rename
// and upload machines replayed on the real view.

afterEach(cleanup);

const goldenSets: GoldenSet[] = [
  {
    id: 3,
    name: 'Golden set — Spain',
    description: 'ES',
    market: 'ES',
    query_count: 1,
    judgement_count: 1,
    created_at: '2026-02-09T08:45:00Z',
    updated_at: '2026-02-09T08:45:00Z',
    scale: { max_grade: 3, labels: ['Poor', 'Fair', 'Good', 'Perfect'] },
    grade_counts: {},
    version: 0,
    changed_at: null,
  },
  {
    id: 2,
    name: 'Golden set — France',
    description: 'FR',
    market: 'FR',
    query_count: 137,
    judgement_count: 1679,
    created_at: '2026-01-26T14:10:00Z',
    updated_at: '2026-01-26T14:10:00Z',
    scale: { max_grade: 3, labels: ['Poor', 'Fair', 'Good', 'Perfect'] },
    grade_counts: {},
    version: 0,
    changed_at: null,
  },
];

async function openGoldenSets() {
  const services = fakeDeps();
  renderWithLogic(services, '/golden-sets', <GoldenSetsPage />);
  await services.settle('goldenSetRows', { output: { items: goldenSets, total: 2 } });
  await screen.findByRole('table', { name: 'Golden Sets' });
  return services;
}

const dialog = () => screen.queryByRole('dialog');
const inDialog = (name: string) => within(screen.getByRole('dialog')).getByRole('button', { name }) as HTMLButtonElement;
const field = (name: string) => within(screen.getByRole('dialog')).getByLabelText(name) as HTMLInputElement;

describe('the golden sets list', () => {
  it('shows name, size in words, market and created date of each set', async () => {
    await openGoldenSets();
    const rows = within(screen.getByRole('table', { name: 'Golden Sets' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Golden set — Spain', 'Golden set — France']);
    expect(within(rows[1]).getByText('137 queries · 1,679 judgements')).toBeTruthy();
    expect(within(rows[0]).getByText('1 query · 1 judgement')).toBeTruthy();
    expect(within(rows[1]).getByText('FR')).toBeTruthy();
  });

  it('says why it failed and tries again', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/golden-sets', <GoldenSetsPage />);
    await services.settle('goldenSetRows', { error: new Error('The server could not be reached. Please try again.') });
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch golden sets. The server could not be reached. Please try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(services.calls('goldenSetRows')).toBe(2);
    await services.settle('goldenSetRows', { output: { items: [], total: 0 } });
    expect(screen.getByRole('status').textContent).toBe('No golden sets yet.');
  });

  it('deletes after confirmation and reloads the page; a refusal keeps the modal with its message', async () => {
    const services = await openGoldenSets();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Golden set — France' }));
    expect(within(screen.getByRole('dialog', { name: 'Delete Golden Set' })).getByText(/"Golden set — France"/)).toBeTruthy();
    fireEvent.click(inDialog('Delete'));
    expect(services.last('deleteGoldenSet').args).toEqual([2]);
    await services.settle('deleteGoldenSet', { error: new Error('Golden set 2 is in use') });
    expect(within(screen.getByRole('dialog')).getByRole('alert').textContent).toBe('Golden set 2 is in use');
    fireEvent.click(inDialog('Delete'));
    await services.settle('deleteGoldenSet', { output: undefined });
    expect(dialog()).toBeNull();
    expect(services.calls('goldenSetRows')).toBe(2);
  });

  it("shows the server's refusal of a golden set in use, leaving only Cancel", async () => {
    const services = await openGoldenSets();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Golden set — France' }));
    fireEvent.click(inDialog('Delete'));
    const message = 'Golden set "Golden set — France" cannot be deleted: the experiment "BM25 baseline" uses it.';
    await services.settle('deleteGoldenSet', { error: new RefusalError(message) });
    const modal = screen.getByRole('dialog', { name: 'Delete Golden Set' });
    expect(within(modal).getByRole('alert').textContent).toBe(message);
    expect(
      within(modal)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Cancel']);
    expect(services.calls('goldenSetRows')).toBe(1);
  });
});

describe('each row’s buttons: Edit, the three exports, and Delete last', () => {
  const row = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!;
  const exportButtons = () =>
    within(screen.getByRole('table', { name: 'Golden Sets' })).getAllByRole('button', { name: /^Export / }) as HTMLButtonElement[];

  it('names each button after its set, the destructive Delete last', async () => {
    await openGoldenSets();
    for (const name of ['Golden set — Spain', 'Golden set — France']) {
      const buttons = within(row(name)).getAllByRole('button');
      expect(buttons.map((button) => button.textContent)).toEqual(['Edit', 'CSV', 'qrels', 'queries', 'Delete']);
      expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
        `Edit ${name}`,
        `Export ${name} as CSV`,
        `Export ${name} as TREC qrels`,
        `Export ${name} as TREC queries`,
        `Delete ${name}`,
      ]);
    }
    expect(exportButtons().every((button) => !button.disabled && button.getAttribute('aria-busy') === 'false')).toBe(true);
    expect(screen.queryByText(/^Saved /)).toBeNull();
  });

  it('exports one file at a time, says which file it saved, and names a refusal in red', async () => {
    const services = await openGoldenSets();
    fireEvent.click(screen.getByRole('button', { name: 'Export Golden set — France as TREC qrels' }));
    expect(services.last('exportGoldenSet').args).toEqual([2, 'qrels']);
    const busy = screen.getByRole('button', { name: 'Export Golden set — France as TREC qrels' });
    expect([busy.textContent, busy.getAttribute('aria-busy')]).toEqual(['qrels...', 'true']);
    expect(exportButtons().map((button) => button.disabled)).toEqual([true, true, true, true, true, true]);
    // Only the exports wait: the row's other buttons stay usable.
    expect((screen.getByRole('button', { name: 'Edit Golden set — France' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Export Golden set — Spain as CSV' }));
    expect(services.calls('exportGoldenSet')).toBe(1);

    const qrels = { blob: new Blob(['q1 0 P1 2\n']), filename: 'golden-set-2.qrels' };
    await services.settle('exportGoldenSet', { output: qrels });
    expect(services.saved).toEqual([qrels]);
    expect(screen.getByText('Saved golden-set-2.qrels.').getAttribute('aria-live')).toBe('polite');
    expect(busy.textContent).toBe('qrels');
    expect(exportButtons().every((button) => !button.disabled)).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Export Golden set — Spain as CSV' }));
    expect(services.last('exportGoldenSet').args).toEqual([3, 'csv']);
    expect(screen.queryByText(/^Saved /)).toBeNull();
    await services.settle('exportGoldenSet', { error: new Error('Golden set 3 not found') });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Failed to export the golden set: Golden set 3 not found');
    expect(alert.classList.contains(errorMessage)).toBe(true);
    expect(services.saved).toEqual([qrels]);

    fireEvent.click(screen.getByRole('button', { name: 'Export Golden set — Spain as TREC queries' }));
    expect(services.last('exportGoldenSet').args).toEqual([3, 'queries']);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Export Golden set — Spain as TREC queries' }).textContent).toBe('queries...');
  });
});

describe('Edit Golden Set: rename paths', () => {
  type Snapshot = SnapshotFrom<typeof renameGoldenSetMachine>;
  type ModelEvent =
    EventFromLogic<typeof renameGoldenSetMachine> | { type: 'xstate.done.actor.saveGoldenSet' } | ActorError<'saveGoldenSet', Error>;
  const duplicate = new Error('A golden set named "Golden set — Spain" already exists');
  const france = { id: 2, name: 'Golden set — France', description: 'FR', market: 'FR' };
  /** A field's change names the field and its value: `user.change(name="  Golden set — Francia ")`. */
  const describeEvent = (event: ModelEvent) => {
    if (event.type !== 'user.change') return event.type;
    const [[name, value]] = Object.entries(event.fields);
    return `${event.type}(${name}=${JSON.stringify(value)})`;
  };

  async function perform(event: ModelEvent, services: FakeDeps) {
    switch (event.type) {
      case 'user.open':
        return fireEvent.click(screen.getByRole('button', { name: 'Edit Golden set — France' }));
      case 'user.cancel':
        return fireEvent.click(inDialog('Cancel'));
      case 'user.change': {
        const [[name, value]] = Object.entries(event.fields);
        const label = { name: 'Name*', description: 'Description', market: 'Market' }[name]!;
        return fireEvent.change(field(label), { target: { value } });
      }
      case 'user.submit':
        return fireEvent.click(inDialog('Save'));
      case 'xstate.done.actor.saveGoldenSet':
        return services.settle('updateGoldenSet', { output: undefined });
      case 'xstate.error.actor.saveGoldenSet':
        return services.settle('updateGoldenSet', { error: event.error });
    }
  }

  function expectScreen(state: Snapshot) {
    if (state.matches('closed')) {
      expect(dialog()).toBeNull();
      return;
    }
    expect(screen.getByRole('dialog', { name: 'Edit Golden Set' })).toBeTruthy();
    const { fields } = state.context;
    expect(field('Name*').value).toBe(fields.name);
    expect(field('Description').value).toBe(fields.description);
    expect(field('Market').value).toBe(fields.market);
    const busy = state.matches('saving');
    expect(field('Name*').closest('fieldset')!.disabled).toBe(busy);
    expect(inDialog(busy ? 'Saving...' : 'Save').disabled).toBe(busy || !isGoldenSetNameGiven(fields));
    expect(within(screen.getByRole('dialog')).queryByRole('alert')?.textContent ?? null).toBe(state.context.failure);
  }

  replayShortestPaths(renameGoldenSetMachine, {
    input: { reloadTarget: createEmptyActor() },
    events: (state) =>
      possibleEvents<ModelEvent>(state, [
        { type: 'user.open', fields: france },
        { type: 'user.cancel' },
        { type: 'user.change', fields: { name: '  Golden set — Francia ' } },
        { type: 'user.change', fields: { name: '  ' } },
        { type: 'user.change', fields: { market: 'FR-fr' } },
        { type: 'user.submit' },
        ...(state.matches('saving')
          ? ([
              { type: 'xstate.done.actor.saveGoldenSet' },
              { type: 'xstate.error.actor.saveGoldenSet', error: duplicate },
            ] satisfies ModelEvent[])
          : []),
      ]),
    // What the server last took (`sent`) is not shown by this dialog: states that differ only there are one.
    serializeState: (state, event, previous) =>
      JSON.stringify({
        value: state.value,
        context: { ...state.context, reloadTarget: null, sent: null },
        from: previous?.value,
        by: event,
      }),
    // A broken generator fails loudly: at least as many paths as the graph yields today.
    paths: { atLeast: 23 },
    describeEvent,
    name: (path, route) => `reaches ${String(path.state.value)} via ${route || 'nothing'}`,
    setup: () => openGoldenSets(),
    perform: (event, services) => perform(event, services),
    expectScreen: (state) => expectScreen(state),
    afterPerform({ event, state }, services) {
      if (event.type === 'user.submit') {
        expect(services.last('updateGoldenSet').args).toEqual([
          2,
          {
            name: state.context.fields.name.trim(),
            description: 'FR',
            market: state.context.fields.market,
          },
        ]);
      }
    },
    afterStep({ event }, services) {
      // Saved: the list reloads to show the new name.
      if (event.type === 'xstate.done.actor.saveGoldenSet') expect(services.calls('goldenSetRows')).toBe(2);
    },
  });
});

describe('Add Golden Set: upload paths', () => {
  type Snapshot = SnapshotFrom<typeof uploadGoldenSetMachine>;
  type ModelEvent =
    EventFromLogic<typeof uploadGoldenSetMachine> | { type: 'xstate.done.actor.uploadGoldenSet' } | ActorError<'uploadGoldenSet', Error>;
  const judgements = new File(['query,product_id,relevance\nsofa,P1,2\n'], 'judgements.csv', { type: 'text/csv' });
  const queries = new File(['1\tsofa\n'], 'queries.tsv');
  // The server's answer: one query without an entry, 23 products not in the catalogue (20 named).
  const uploaded = {
    ...goldenSets[0],
    query_count: 3,
    judgement_count: 28,
    warnings: {
      queries_without_entry: { count: 1, sample: ['oak table'] },
      products_not_in_catalogue: { count: 23, sample: Array.from({ length: 20 }, (_, i) => `M${i}`) },
    },
  };
  const refused = Object.assign(new Error('The file has 1 problem; nothing was imported'), {
    problems: [{ file: 'file', row: 3, column: 'relevance', problem: 'must be an integer ≥ 0' }],
  });
  /** A change names its field and value, a file by its name: `user.change(format="trec")`, `user.change(file=judgements.csv)`. */
  const describeEvent = (event: ModelEvent) => {
    if (event.type !== 'user.change') return event.type;
    const [[name, value]] = Object.entries(event.fields);
    return `${event.type}(${name}=${value instanceof File ? value.name : JSON.stringify(value)})`;
  };

  async function perform(event: ModelEvent, services: FakeDeps) {
    switch (event.type) {
      case 'user.open':
        return fireEvent.click(screen.getByRole('button', { name: 'Add Golden Set' }));
      case 'user.cancel':
        return fireEvent.click(
          inDialog(within(screen.getByRole('dialog')).queryByRole('region', { name: 'Upload Complete' }) ? 'Close' : 'Cancel'),
        );
      case 'user.change': {
        const { name, format, file, queries } = event.fields;
        if (name !== undefined) return fireEvent.change(field('Name*'), { target: { value: name } });
        if (format !== undefined) return fireEvent.change(field('Format'), { target: { value: format } });
        if (file !== undefined)
          return fireEvent.change(within(screen.getByRole('dialog')).getByLabelText(/^(Judgements file \(CSV\)|Qrels file)\*$/), {
            target: { files: [file] },
          });
        if (queries !== undefined) return fireEvent.change(field('Queries file*'), { target: { files: [queries] } });
        throw new Error(`no step for ${describeEvent(event)}`);
      }
      case 'user.submit':
        return fireEvent.click(inDialog('Upload Golden Set'));
      case 'xstate.done.actor.uploadGoldenSet':
        return services.settle('uploadGoldenSet', { output: uploaded });
      case 'xstate.error.actor.uploadGoldenSet':
        return services.settle('uploadGoldenSet', { error: event.error });
    }
  }

  function expectScreen(state: Snapshot) {
    if (state.matches('closed')) {
      expect(dialog()).toBeNull();
      return;
    }
    expect(screen.getByRole('dialog', { name: 'Add Golden Set' })).toBeTruthy();
    const summary = within(screen.getByRole('dialog')).queryByRole('region', { name: 'Upload Complete' });
    expect(summary !== null).toBe(state.matches('complete'));
    if (summary) {
      expect(within(summary).getByText('3 queries · 28 judgements created')).toBeTruthy();
      const queriesWarning = within(summary).getByRole('region', { name: '1 query matches no dataset entry' });
      expect(
        within(queriesWarning)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['oak table']);
      const productsWarning = within(summary).getByRole('region', { name: '23 products are not in the catalogue' });
      expect(within(productsWarning).getAllByRole('listitem')).toHaveLength(20);
      expect(within(productsWarning).getByText('and 3 more')).toBeTruthy();
      expect(within(productsWarning).getByRole('button', { name: 'Download all 23 (CSV)' })).toBeTruthy();
      return;
    }
    const { fields, failure } = state.context;
    expect(field('Name*').value).toBe(fields.name);
    expect((field('Format') as unknown as HTMLSelectElement).value).toBe(fields.format);
    expect(within(screen.getByRole('dialog')).queryByLabelText('Queries file*') !== null).toBe(fields.format === 'trec');
    const busy = state.matches('uploading');
    expect(field('Name*').closest('fieldset')!.disabled).toBe(busy);
    expect(inDialog(busy ? 'Uploading...' : 'Upload Golden Set').disabled).toBe(busy || !isGoldenSetUploadReady(fields));
    const alert = within(screen.getByRole('dialog')).queryByRole('alert');
    if (failure === null) expect(alert).toBeNull();
    else {
      expect(within(alert!).getByText(failure.message)).toBeTruthy();
      const problems = within(alert!)
        .queryAllByRole('listitem')
        .map((item) => item.textContent);
      expect(problems).toEqual(
        failure.problems.map((p) => `${fields.format === 'trec' ? 'Line' : 'Row'} ${p.row}, column ${p.column}: ${p.problem}`),
      );
    }
  }

  replayShortestPaths(uploadGoldenSetMachine, {
    input: { reloadTarget: createEmptyActor() },
    events: (state) =>
      possibleEvents<ModelEvent>(state, [
        { type: 'user.open' },
        { type: 'user.cancel' },
        { type: 'user.change', fields: { name: ' Sofas DE ' } },
        { type: 'user.change', fields: { format: state.context.fields.format === 'csv' ? 'trec' : 'csv' } },
        { type: 'user.change', fields: { file: judgements } },
        ...(state.context.fields.format === 'trec' ? ([{ type: 'user.change', fields: { queries } }] satisfies ModelEvent[]) : []),
        { type: 'user.submit' },
        ...(state.matches('uploading')
          ? ([
              { type: 'xstate.done.actor.uploadGoldenSet' },
              { type: 'xstate.error.actor.uploadGoldenSet', error: refused },
            ] satisfies ModelEvent[])
          : []),
      ]),
    serializeState: (state, event, previous) =>
      JSON.stringify({
        value: state.value,
        context: {
          ...state.context,
          reloadTarget: null,
          // What the server last took is not shown: the summary shows its answer.
          sent: null,
          result: state.context.result?.id ?? null,
          fields: {
            ...state.context.fields,
            file: state.context.fields.file?.name ?? null,
            queries: state.context.fields.queries?.name ?? null,
          },
        },
        from: previous?.value,
        // A change by the field it changes, not by its value.
        by: event && (event.type === 'user.change' ? `${event.type}(${Object.keys(event.fields).join()})` : event.type),
      }),
    // A broken generator fails loudly: at least as many paths as the graph yields today.
    paths: { atLeast: 49 },
    describeEvent,
    name: (path, route) => `reaches ${String(path.state.value)} via ${route || 'nothing'}`,
    setup: () => openGoldenSets(),
    perform: (event, services) => perform(event, services),
    expectScreen: (state) => expectScreen(state),
    afterPerform({ event, state }, services) {
      if (event.type === 'user.submit') {
        const trec = state.context.fields.format === 'trec';
        expect(services.last('uploadGoldenSet').input).toEqual({
          name: 'Sofas DE',
          description: '',
          market: '',
          format: state.context.fields.format,
          file: judgements,
          queries: trec ? queries : null,
        });
      }
    },
    afterStep({ event }, services) {
      if (event.type === 'xstate.done.actor.uploadGoldenSet') expect(services.calls('goldenSetRows')).toBe(2);
    },
  });
});
