import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { scaleEditorMachine } from '../../../src/machines/golden-sets/scale-editor.machine';
import { DEFAULT_SCALE } from '../../../src/domain/golden-sets/grade-scale';
import type { GoldenSet } from '../../../src/domain/experiments/evaluation-backend-types';
import { GoldenSetPage } from '../../../src/views/golden-sets/GoldenSetPage';
import { GoldenSetsPage } from '../../../src/views/golden-sets/GoldenSetsPage';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { replayShortestPaths, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: the golden set's scale edited on its page — opened from the header, the highest
// grade and a label changed, saved (taken, or refused with the server's sentence) or cancelled. Every
// shortest path of the machine, replayed through the form: the form shows the draft, the save sends it,
// and a saved scale makes the page fetch the golden set again.

afterEach(cleanup);

type Snapshot = SnapshotFrom<typeof scaleEditorMachine>;
type ModelEvent = EventFromLogic<typeof scaleEditorMachine> | { type: 'xstate.done.actor.saveScale' } | ActorError<'saveScale', Error>;

const REFUSAL = '3 judgements are graded above 2: change them first';
const goldenSet: GoldenSet = {
  id: 4,
  name: 'Sofas DE',
  description: '',
  market: 'DE',
  query_count: 1,
  judgement_count: 3,
  created_at: '2026-11-01T09:00:00Z',
  updated_at: '2026-11-20T09:00:00Z',
  scale: DEFAULT_SCALE,
  grade_counts: { '3': 3 },
  version: 3,
  changed_at: null,
};

function eventsFor(state: Snapshot): ModelEvent[] {
  const candidates: Array<EventFromLogic<typeof scaleEditorMachine>> = [
    { type: 'user.open', scale: DEFAULT_SCALE },
    { type: 'user.maxGradeChanged', maxGrade: 2 },
    { type: 'user.maxGradeChanged', maxGrade: 0 },
    { type: 'user.labelChanged', grade: 1, label: 'Partly' },
    { type: 'user.save' },
    { type: 'user.cancel' },
  ];
  const events: ModelEvent[] = candidates.filter((event) => state.can(event));
  if (state.matches('saving'))
    events.push({ type: 'xstate.done.actor.saveScale' }, { type: 'xstate.error.actor.saveScale', error: new Error(REFUSAL) });
  return events;
}

const describeEvent = (event: ModelEvent) =>
  event.type === 'user.maxGradeChanged'
    ? `highest ${event.maxGrade}`
    : event.type === 'user.labelChanged'
      ? `label ${event.grade}`
      : event.type.replace('xstate.done.actor.saveScale', 'saved').replace('xstate.error.actor.saveScale', 'refused');

const form = () => within(screen.getByRole('form', { name: 'Edit scale' }));

async function perform(event: ModelEvent, services: FakeDeps) {
  switch (event.type) {
    case 'user.open':
      return fireEvent.click(screen.getByRole('button', { name: 'Edit scale' }));
    case 'user.maxGradeChanged':
      return fireEvent.change(form().getByRole('spinbutton', { name: 'Highest grade' }), { target: { value: String(event.maxGrade) } });
    case 'user.labelChanged':
      return fireEvent.change(form().getByRole('textbox', { name: `Label of grade ${event.grade}` }), { target: { value: event.label } });
    case 'user.save':
      return fireEvent.click(form().getByRole('button', { name: 'Save scale' }));
    case 'user.cancel':
      return fireEvent.click(form().getByRole('button', { name: 'Cancel' }));
    case 'xstate.done.actor.saveScale':
      return services.settle('updateScale', { output: undefined });
    case 'xstate.error.actor.saveScale':
      return services.settle('updateScale', { error: event.error });
  }
}

function expectScreen(state: Snapshot) {
  if (state.matches('closed')) return expect(screen.queryByRole('form', { name: 'Edit scale' })).toBeNull();
  const { draft, error } = state.context;
  expect((form().getByRole('spinbutton', { name: 'Highest grade' }) as HTMLInputElement).value).toBe(String(draft.max_grade));
  expect(
    form()
      .queryAllByRole('textbox')
      .map((input) => (input as HTMLInputElement).value),
  ).toEqual(draft.labels);
  expect((form().getByRole('button', { name: state.matches('saving') ? 'Saving...' : 'Save scale' }) as HTMLButtonElement).disabled).toBe(
    state.matches('saving'),
  );
  if (error) expect(form().getByRole('alert').textContent).toBe(error);
  else expect(form().queryByRole('alert')).toBeNull();
}

const serializeState = (state: Snapshot) =>
  JSON.stringify({ value: state.value, draft: state.context.draft, error: state.context.error, saved: state.context.saves > 0 });

describe('scale editor: paths over the draft and the save', () => {
  replayShortestPaths(scaleEditorMachine, {
    input: { goldenSetId: 4 },
    events: eventsFor,
    serializeState,
    paths: { atLeast: 20 },
    describeEvent,
    name: (path, route) => `reaches ${JSON.stringify(path.state.value)}${route ? ` via ${route}` : ''}`,
    async setup() {
      const services = fakeDeps();
      renderWithLogic(services, '/golden-sets/4', <GoldenSetPage id={4} />);
      await services.settle('findGoldenSet', { output: goldenSet });
      return services;
    },
    perform: (event, services) => perform(event, services),
    expectInitialScreen: false,
    expectScreen: (state) => expectScreen(state),
    beforeStep: (_, services) => ({ saves: services.calls('updateScale'), fetches: services.calls('findGoldenSet') }),
    afterStep({ event, state }, services, { saves, fetches }) {
      if (event.type === 'user.save' && state.matches('saving')) {
        expect(services.calls('updateScale')).toBe(saves + 1);
        expect(services.last('updateScale').args).toEqual([4, state.context.draft]);
      }
      if (event.type === 'user.save' && !state.matches('saving')) expect(services.calls('updateScale')).toBe(saves);
      // A saved scale: the golden set (its scale, the labels everywhere) is fetched again.
      if (event.type === 'xstate.done.actor.saveScale') expect(services.calls('findGoldenSet')).toBe(fetches + 1);
    },
  });
});

describe('the golden sets list', () => {
  it('links each golden set’s name to its page', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/golden-sets', <GoldenSetsPage />);
    await services.settle('goldenSetRows', { output: { items: [goldenSet], total: 1 } });
    fireEvent.click(screen.getByRole('link', { name: 'Sofas DE' }));
    expect(services.currentPath()).toBe('/golden-sets/4');
  });

  it('uploads a golden set with its scale', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/golden-sets', <GoldenSetsPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Golden Set' }));
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('Name*'), { target: { value: 'Lamps' } });
    fireEvent.change(dialog.getByLabelText('Highest grade (default 3)'), { target: { value: ' 4 ' } });
    fireEvent.change(dialog.getByLabelText('Grade labels, comma-separated (default Poor, Fair, Good, Perfect)'), {
      target: { value: 'Off, Poor, Fair, Good, Exact' },
    });
    const file = new File(['query,product_id,relevance\n'], 'lamps.csv');
    fireEvent.change(dialog.getByLabelText('Judgements file (CSV)*'), { target: { files: [file] } });
    fireEvent.click(dialog.getByRole('button', { name: 'Upload Golden Set' }));
    expect(services.last('uploadGoldenSet').input).toMatchObject({
      name: 'Lamps',
      maxGrade: '4',
      gradeLabels: 'Off, Poor, Fair, Good, Exact',
    });
  });
});
