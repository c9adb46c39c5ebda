import { afterEach, describe, expect } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { queryJudgementsMachine } from '../../../src/machines/golden-sets/query-judgements.machine';
import { DEFAULT_SCALE, gradeText } from '../../../src/domain/golden-sets/grade-scale';
import { editInFlight, rowOf, shownRows } from '../../../src/domain/golden-sets/judgement-edits';
import type { GoldenSet } from '../../../src/domain/experiments/evaluation-backend-types';
import type { Judgement } from '../../../src/domain/judging/golden-set-judging-types';
import { GoldenSetPage } from '../../../src/views/golden-sets/GoldenSetPage';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: one query's judgements graded in place. Every shortest path of the machine over
// keyboard grades of two products, a removal (Delete) and the server’s answers — taken or refused, in
// any order while changes queue — replayed on the golden set page opened at `?query=red sofa`. At every step
// the rows show what the machine shows: the new grade at once ("Saving..."), kept when the server takes it,
// the server's value back with a message when it refuses; and each save is sent as the change that was made.

afterEach(cleanup);

type Snapshot = SnapshotFrom<typeof queryJudgementsMachine>;
type ModelEvent =
  | EventFromLogic<typeof queryJudgementsMachine>
  | ActorDone<'fetchJudgements', Judgement[]>
  | ActorError<'fetchJudgements', Error>
  | ActorDone<'saveEdit', Judgement | null>
  | ActorError<'saveEdit', Error>;

const judged = (product_id: string, grade: number, name: string | null): Judgement => ({
  product_id,
  grade,
  judged_by: 'Ada',
  judged_at: '2026-11-20T09:00:00Z',
  name,
  image_url: null,
});
const SERVER: Judgement[] = [judged('P1', 2, 'Red sofa'), judged('P2', 0, 'Blue chair')];
const REFUSAL = 'The server answered 500 Internal Server Error';

const goldenSet: GoldenSet = {
  id: 4,
  name: 'Sofas DE',
  description: '',
  market: 'DE',
  query_count: 1,
  judgement_count: 2,
  created_at: '2026-11-01T09:00:00Z',
  updated_at: '2026-11-20T09:00:00Z',
  scale: DEFAULT_SCALE,
  grade_counts: { '0': 1, '2': 1 },
  version: 3,
  changed_at: '2026-11-20T09:00:00Z',
};

/** The server's answer to the change being saved. */
function answerTo(state: Snapshot): Judgement | null {
  const edit = editInFlight(state.context.edits)!;
  if (edit.kind === 'remove') return null;
  const before = rowOf(state.context.edits, edit.product_id);
  return { ...judged(edit.product_id, edit.grade, before?.name ?? null), judged_at: '2026-11-24T10:00:00Z' };
}

function eventsFor(state: Snapshot): ModelEvent[] {
  if (state.matches('loading'))
    return [
      { type: 'xstate.done.actor.fetchJudgements', output: SERVER },
      { type: 'xstate.done.actor.fetchJudgements', output: [] },
      { type: 'xstate.error.actor.fetchJudgements', error: new Error(REFUSAL) },
    ];
  const candidates: Array<EventFromLogic<typeof queryJudgementsMachine>> = [
    { type: 'user.retry' },
    { type: 'user.grade', productId: 'P1', grade: 3 },
    { type: 'user.grade', productId: 'P2', grade: 1 },
    { type: 'user.remove', productId: 'P2' },
  ];
  const events: ModelEvent[] = candidates.filter((event) => state.can(event));
  if (state.hasTag('saving'))
    events.push(
      { type: 'xstate.done.actor.saveEdit', output: answerTo(state) },
      { type: 'xstate.error.actor.saveEdit', error: new Error(REFUSAL) },
    );
  return events;
}

function describeEvent(event: ModelEvent): string {
  switch (event.type) {
    case 'xstate.done.actor.fetchJudgements':
      return `loads ${event.output.length}`;
    case 'xstate.done.actor.saveEdit':
      return 'saved';
    case 'user.grade':
      return `${event.productId} key ${event.grade}`;
    case 'user.remove':
    case 'user.add':
      return `${event.type.slice(5)} ${event.productId}`;
    default:
      return event.type.startsWith('xstate.error') ? 'refused' : event.type;
  }
}

const panel = () => screen.getByRole('region', { name: 'Judgements of “red sofa”' });
const rowOfProduct = (productId: string) => within(panel()).getByRole('row', { name: new RegExp(`^${productId}[ :]`) });

async function perform(event: ModelEvent, state: Snapshot, services: FakeDeps) {
  switch (event.type) {
    case 'xstate.done.actor.fetchJudgements':
      return services.settle('judgementsOf', { output: event.output });
    case 'xstate.error.actor.fetchJudgements':
      return services.settle('judgementsOf', { error: event.error });
    case 'xstate.done.actor.saveEdit':
    case 'xstate.error.actor.saveEdit': {
      const method = editInFlight(state.context.edits)!.kind === 'remove' ? 'removeJudgement' : 'saveJudgement';
      const outcome = event.type === 'xstate.done.actor.saveEdit' ? { output: event.output ?? undefined } : { error: event.error };
      return services.settle(method, outcome);
    }
    case 'user.retry':
      return fireEvent.click(within(panel()).getByRole('button', { name: 'Try again' }));
    case 'user.grade': {
      const row = rowOfProduct(event.productId);
      act(() => row.focus());
      return fireEvent.keyDown(row, { key: String(event.grade) });
    }
    case 'user.remove': {
      const row = rowOfProduct(event.productId);
      act(() => row.focus());
      return fireEvent.keyDown(row, { key: 'Delete' });
    }
    case 'user.add':
      fireEvent.change(within(panel()).getByRole('textbox', { name: 'Product id' }), { target: { value: event.productId } });
      return fireEvent.click(within(panel()).getByRole('button', { name: 'Add product' }));
  }
}

function expectScreen(state: Snapshot) {
  const section = within(panel());
  if (state.matches('loading')) return expect(section.getByRole('status').textContent).toBe('Loading...');
  if (state.matches('failed')) return expect(section.getByRole('alert').textContent).toBe(`Failed to fetch the judgements. ${REFUSAL}`);
  const rows = shownRows(state.context.edits);
  if (rows.length === 0) expect(section.getByText('No judgements for this query.')).toBeTruthy();
  else {
    const shown = within(section.getByRole('table', { name: 'Judgements of “red sofa”' }))
      .getAllByRole('row')
      .slice(1);
    expect(shown.map((row) => row.dataset.product)).toEqual(rows.map((row) => row.product_id));
    for (const row of rows) {
      const grade = within(rowOfProduct(row.product_id)).getByRole('combobox', { name: `Grade of ${row.product_id}` }) as HTMLSelectElement;
      expect(grade.value).toBe(String(row.grade));
      expect(grade.selectedOptions[0].textContent).toBe(gradeText(DEFAULT_SCALE, row.grade));
      expect(within(rowOfProduct(row.product_id)).queryByText('Saving...') !== null).toBe(row.saving);
    }
  }
  const error = state.context.error;
  if (error) expect(section.getByRole('alert').textContent).toBe(error);
  else expect(section.queryByRole('alert')).toBeNull();
}

const serializeState = (state: Snapshot) => JSON.stringify({ value: state.value, edits: state.context.edits, error: state.context.error });

describe('query judgements: optimistic grading paths', () => {
  replayShortestPaths(queryJudgementsMachine, {
    input: { goldenSetId: 4, query: 'red sofa', scale: DEFAULT_SCALE },
    events: eventsFor,
    serializeState,
    paths: { atLeast: 60, name: 'covers the queue: at least 60 paths' },
    describeEvent,
    name: (path, route) => `reaches ${JSON.stringify(path.state.value)}${route ? ` via ${route}` : ''}`,
    async setup() {
      const services = fakeDeps();
      renderWithLogic(services, '/golden-sets/4?query=red%20sofa', <GoldenSetPage id={4} />);
      await services.settle('findGoldenSet', { output: goldenSet });
      expect(services.last('judgementsOf').args).toEqual([4, 'red sofa']);
      return services;
    },
    perform: (event, services, { previous }) => perform(event, previous, services),
    // Shown at once: no answer is awaited before the screen follows the machine.
    expectScreen: (state) => expectScreen(state),
    beforeStep: (_, services) => ({ puts: services.calls('saveJudgement'), deletes: services.calls('removeJudgement') }),
    afterStep({ event, state, previous }, services, { puts, deletes }) {
      const head = editInFlight(state.context.edits);
      // A save starts when the queue was empty, or when the server answered the one before it.
      const started = head && (!editInFlight(previous.context.edits) || event.type.includes('actor.saveEdit'));
      if (started && head.kind === 'grade') {
        // Saved as made, one call per change sent.
        expect(services.calls('saveJudgement')).toBe(puts + 1);
        expect(services.last('saveJudgement').args).toEqual([4, { query: 'red sofa', product_id: head.product_id, grade: head.grade }]);
      }
      if (started && head.kind === 'remove') {
        expect(services.calls('removeJudgement')).toBe(deletes + 1);
        expect(services.last('removeJudgement').args).toEqual([4, { query: 'red sofa', product_id: head.product_id }]);
      }
    },
  });
});
