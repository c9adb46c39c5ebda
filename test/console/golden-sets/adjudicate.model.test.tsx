import { afterEach, describe, expect } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { adjudicateMachine } from '../../../src/machines/golden-sets/adjudicate.machine';
import { GoldenSetPage } from '../../../src/views/golden-sets/GoldenSetPage';
import { ratedSet, twoPeople } from '../helpers/agreement-answer';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { replayShortestPaths, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: one disagreement adjudicated from the Agreement tab — a grade picked (or another), saved,
// taken or refused with the server's sentence. Every shortest path, replayed on the page: Save waits for a
// pick, the PUT carries the grade picked as an adjudication, a refusal keeps the pick, and a saved
// adjudication closes the form and fetches the agreement again.

afterEach(cleanup);

type Snapshot = SnapshotFrom<typeof adjudicateMachine>;
type ModelEvent =
  EventFromLogic<typeof adjudicateMachine> | { type: 'xstate.done.actor.saveAdjudication' } | ActorError<'saveAdjudication', Error>;

const REFUSAL = 'grade 2 is above the scale of this golden set';
const LABEL = 'Sofa · p2';

function eventsFor(state: Snapshot): ModelEvent[] {
  const candidates: Array<EventFromLogic<typeof adjudicateMachine>> = [
    { type: 'user.pick', grade: 2 },
    { type: 'user.pick', grade: 0 },
    { type: 'user.save' },
  ];
  const events: ModelEvent[] = candidates.filter((event) => state.can(event));
  if (state.matches('saving'))
    events.push({ type: 'xstate.done.actor.saveAdjudication' }, { type: 'xstate.error.actor.saveAdjudication', error: new Error(REFUSAL) });
  return events;
}

const describeEvent = (event: ModelEvent) =>
  event.type === 'user.pick'
    ? `pick ${event.grade}`
    : event.type.startsWith('xstate.error')
      ? 'refused'
      : event.type.replace('xstate.done.actor.', '');

const form = () => within(screen.getByRole('form', { name: `Adjudication of ${LABEL}` }));

function perform(event: ModelEvent, services: FakeDeps) {
  switch (event.type) {
    case 'user.pick':
      return fireEvent.click(form().getByRole('radio', { name: new RegExp(`^${event.grade} · `) }));
    case 'user.save':
      return fireEvent.click(form().getByRole('button', { name: /Save adjudication|Saving/ }));
    case 'xstate.done.actor.saveAdjudication':
      return services.settle('saveAdjudication', {
        output: { product_id: 'p2', grade: 2, judged_by: 'Ada', judged_at: '2026-11-28T04:00:00Z', name: null, image_url: null },
      });
    case 'xstate.error.actor.saveAdjudication':
      return services.settle('saveAdjudication', { error: event.error });
  }
}

function expectScreen(state: Snapshot) {
  if (state.matches('saved')) {
    expect(screen.queryByRole('form', { name: `Adjudication of ${LABEL}` })).toBeNull();
    return expect(within(screen.getByRole('tabpanel', { name: 'Agreement' })).getByRole('status').textContent).toBe('Loading...');
  }
  const picked = form()
    .getAllByRole('radio')
    .map((radio) => (radio as HTMLInputElement).checked);
  expect(picked).toEqual([0, 1, 2, 3].map((grade) => grade === state.context.grade));
  const save = form().getByRole('button', { name: state.matches('saving') ? 'Saving...' : 'Save adjudication' }) as HTMLButtonElement;
  // Nothing to save before a grade is picked, nor twice.
  expect(save.disabled).toBe(state.context.grade === null || state.matches('saving'));
  if (state.context.error) expect(form().getByRole('alert').textContent).toBe(state.context.error);
  else expect(form().queryByRole('alert')).toBeNull();
}

describe('adjudicate: paths from the pick to the saved adjudication', () => {
  replayShortestPaths(adjudicateMachine, {
    input: { goldenSetId: 4, query: 'Sofa', productId: 'p2' },
    events: eventsFor,
    serializeState: (state) => JSON.stringify({ value: state.value, grade: state.context.grade, error: state.context.error }),
    paths: { atLeast: 8 },
    describeEvent,
    async setup() {
      const services = fakeDeps();
      renderWithLogic(services, '/golden-sets/4', <GoldenSetPage id={4} />);
      await services.settle('findGoldenSet', { output: ratedSet });
      fireEvent.click(screen.getByRole('tab', { name: 'Agreement' }));
      await services.settle('agreementOf', { output: twoPeople });
      fireEvent.click(screen.getByRole('button', { name: `Adjudicate ${LABEL}` }));
      return services;
    },
    perform: (event, services) => perform(event, services),
    expectScreen: (state) => expectScreen(state),
    beforeStep: (_, services) => ({ puts: services.calls('saveAdjudication'), fetches: services.calls('agreementOf') }),
    afterStep({ event, state, previous }, services, before) {
      if (event.type === 'user.save') {
        expect(services.calls('saveAdjudication')).toBe(before.puts + (previous.context.grade === null ? 0 : 1));
        if (state.matches('saving'))
          expect(services.last('saveAdjudication').args).toEqual([4, { query: 'Sofa', product_id: 'p2', grade: state.context.grade }]);
      }
      // The lists come again once the adjudication is saved, not before.
      expect(services.calls('agreementOf')).toBe(before.fetches + (event.type === 'xstate.done.actor.saveAdjudication' ? 1 : 0));
    },
  });
});
