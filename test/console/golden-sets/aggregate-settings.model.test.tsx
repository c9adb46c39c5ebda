import { afterEach, describe, expect } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { aggregateSettingsMachine } from '../../../src/machines/golden-sets/aggregate-settings.machine';
import { AGGREGATE_RULES, ratingRuleOf } from '../../../src/domain/golden-sets/rating-rule';
import type { GoldenSet } from '../../../src/domain/experiments/evaluation-backend-types';
import { GoldenSetPage } from '../../../src/views/golden-sets/GoldenSetPage';
import { ratedSet } from '../helpers/agreement-answer';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: the golden set's rating rule edited from its header — the aggregate, the ratings per pair
// (one out of bounds), whether adjudications win — saved (grades changed or not, as the answer's version says;
// or refused with the server's sentence) or cancelled. Every shortest path, replayed on the page: the form
// shows the draft, the PATCH sends it, the notice says what changed, and a save fetches the grades again.

afterEach(cleanup);

type Snapshot = SnapshotFrom<typeof aggregateSettingsMachine>;
type ModelEvent =
  EventFromLogic<typeof aggregateSettingsMachine> | ActorDone<'saveRatingRule', GoldenSet> | ActorError<'saveRatingRule', Error>;

const REFUSAL = 'ratings_per_pair must be <= 10';
const regraded: GoldenSet = { ...ratedSet, aggregate: 'pessimistic', version: 4 };
const unchanged: GoldenSet = { ...ratedSet, aggregate: 'pessimistic' };

function eventsFor(state: Snapshot): ModelEvent[] {
  const candidates: Array<EventFromLogic<typeof aggregateSettingsMachine>> = [
    { type: 'user.open', rule: ratingRuleOf(ratedSet), version: ratedSet.version },
    { type: 'user.aggregateChanged', aggregate: 'pessimistic' },
    { type: 'user.ratingsPerPairChanged', ratingsPerPair: 5 },
    { type: 'user.ratingsPerPairChanged', ratingsPerPair: 11 },
    { type: 'user.preferAdjudicationChanged', prefer: false },
    { type: 'user.save' },
    { type: 'user.cancel' },
  ];
  const events: ModelEvent[] = candidates.filter((event) => state.can(event));
  if (state.matches('saving'))
    events.push(
      { type: 'xstate.done.actor.saveRatingRule', output: regraded },
      { type: 'xstate.done.actor.saveRatingRule', output: unchanged },
      { type: 'xstate.error.actor.saveRatingRule', error: new Error(REFUSAL) },
    );
  return events;
}

function describeEvent(event: ModelEvent): string {
  switch (event.type) {
    case 'user.aggregateChanged':
      return event.aggregate;
    case 'user.ratingsPerPairChanged':
      return `${event.ratingsPerPair} per pair`;
    case 'user.preferAdjudicationChanged':
      return 'adjudications as ratings';
    case 'xstate.done.actor.saveRatingRule':
      return event.output.version > ratedSet.version ? 'saved, grades changed' : 'saved, none changed';
    case 'xstate.error.actor.saveRatingRule':
      return 'refused';
    default:
      return event.type.replace('user.', '');
  }
}

const form = () => within(screen.getByRole('form', { name: 'Rating rule' }));
const nameOf = (aggregate: string) => AGGREGATE_RULES.find((rule) => rule.aggregate === aggregate)!.name;

function perform(event: ModelEvent, services: FakeDeps) {
  switch (event.type) {
    case 'user.open':
      return fireEvent.click(screen.getByRole('button', { name: 'Edit rule' }));
    case 'user.aggregateChanged':
      return fireEvent.click(form().getByRole('radio', { name: new RegExp(`^${nameOf(event.aggregate)} `) }));
    case 'user.ratingsPerPairChanged':
      return fireEvent.change(form().getByRole('spinbutton', { name: 'Ratings per pair' }), {
        target: { value: String(event.ratingsPerPair) },
      });
    case 'user.preferAdjudicationChanged':
      return fireEvent.click(form().getByRole('checkbox', { name: /^Prefer adjudications/ }));
    case 'user.save':
      return fireEvent.click(form().getByRole('button', { name: 'Save rule' }));
    case 'user.cancel':
      return fireEvent.click(form().getByRole('button', { name: 'Cancel' }));
    case 'xstate.done.actor.saveRatingRule':
      return services.settle('changeRatingRule', { output: event.output });
    case 'xstate.error.actor.saveRatingRule':
      return services.settle('changeRatingRule', { error: event.error });
  }
}

function expectScreen(state: Snapshot) {
  const { draft, error, notice } = state.context;
  if (state.matches('closed')) {
    expect(screen.queryByRole('form', { name: 'Rating rule' })).toBeNull();
    const shown = screen.queryByText(/^Saved\./);
    return notice ? expect(shown?.textContent).toBe(notice) : expect(shown).toBeNull();
  }
  // Every rule is offered with the line that says it; the draft's is the one checked.
  const radios = form().getAllByRole('radio') as HTMLInputElement[];
  expect(radios.map((radio) => radio.value)).toEqual(AGGREGATE_RULES.map((rule) => rule.aggregate));
  expect(radios.filter((radio) => radio.checked).map((radio) => radio.value)).toEqual([draft.aggregate]);
  for (const { aggregate, name, rule } of AGGREGATE_RULES)
    expect((form().getByRole('radio', { name: `${name} ${rule}` }) as HTMLInputElement).value).toBe(aggregate);
  expect((form().getByRole('spinbutton', { name: 'Ratings per pair' }) as HTMLInputElement).value).toBe(String(draft.ratings_per_pair));
  expect((form().getByRole('checkbox', { name: /^Prefer adjudications/ }) as HTMLInputElement).checked).toBe(draft.prefer_adjudication);
  expect((form().getByRole('button', { name: state.matches('saving') ? 'Saving...' : 'Save rule' }) as HTMLButtonElement).disabled).toBe(
    state.matches('saving'),
  );
  if (error) expect(form().getByRole('alert').textContent).toBe(error);
  else expect(form().queryByRole('alert')).toBeNull();
}

const serializeState = (state: Snapshot) =>
  JSON.stringify({ value: state.value, draft: state.context.draft, error: state.context.error, notice: state.context.notice });

describe('rating rule settings: paths over the draft and the save', () => {
  replayShortestPaths(aggregateSettingsMachine, {
    input: { goldenSetId: 4 },
    events: eventsFor,
    serializeState,
    paths: { atLeast: 40 },
    describeEvent,
    async setup() {
      const services = fakeDeps();
      renderWithLogic(services, '/golden-sets/4', <GoldenSetPage id={4} />);
      await services.settle('findGoldenSet', { output: ratedSet });
      // The header states the rule the set has.
      expect(screen.getByText('Median · 3 ratings per pair · adjudications preferred')).toBeTruthy();
      return services;
    },
    perform: (event, services) => perform(event, services),
    expectInitialScreen: false,
    expectScreen: (state) => expectScreen(state),
    beforeStep: (_, services) => ({
      saves: services.calls('changeRatingRule'),
      sets: services.calls('findGoldenSet'),
      queries: services.calls('queryRows'),
      history: services.calls('historyRows'),
    }),
    afterStep({ event, state }, services, before) {
      if (event.type === 'user.save') {
        expect(services.calls('changeRatingRule')).toBe(before.saves + (state.matches('saving') ? 1 : 0));
        if (state.matches('saving')) expect(services.last('changeRatingRule').args).toEqual([4, state.context.draft]);
      }
      // A saved rule may have changed any grade: the set, its queries and its history are fetched again.
      const saved = event.type === 'xstate.done.actor.saveRatingRule';
      expect(services.calls('findGoldenSet')).toBe(before.sets + (saved ? 1 : 0));
      expect(services.calls('queryRows')).toBe(before.queries + (saved ? 1 : 0));
      expect(services.calls('historyRows')).toBe(before.history + (saved ? 1 : 0));
    },
  });
});
