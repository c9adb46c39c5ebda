import { afterEach, describe, expect } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { agreementTabMachine } from '../../../src/machines/golden-sets/agreement-tab.machine';
import { selectAgreementView } from '../../../src/machines/golden-sets/agreement-tab.selectors';
import type { Agreement } from '../../../src/domain/judging/golden-set-judging-types';
import { GoldenSetPage } from '../../../src/views/golden-sets/GoldenSetPage';
import { noRatings, noSharedPair, ratedSet, twoPeople } from '../helpers/agreement-answer';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: the golden set's Agreement tab — shown and hidden, the numbers fetched (two people who agree
// mostly, raters who share no pair, nobody at all, or a failure), a pair of raters opened to its confusion
// matrix, the disagreement opened and adjudicated. Every shortest path, replayed on the page: each time the
// tab is shown the numbers are fetched, the screen shows the server's κ, α and counts, and a saved adjudication
// fetches them again and refreshes the grades the page shows.

afterEach(cleanup);

type Snapshot = SnapshotFrom<typeof agreementTabMachine>;
type ModelEvent =
  | EventFromLogic<typeof agreementTabMachine>
  | ActorDone<'fetchAgreement', Agreement>
  | ActorError<'fetchAgreement', Error>
  | ActorDone<'adjudicate'>;

const REFUSAL = 'The server answered 500 Internal Server Error';
const answers: Record<string, Agreement> = { twoPeople, noSharedPair, noRatings };
const nameOf = (agreement: Agreement) => Object.keys(answers).find((name) => answers[name] === agreement) ?? 'other';

function eventsFor(state: Snapshot): ModelEvent[] {
  if (state.hasTag('loading'))
    return [
      ...Object.values(answers).map((output) => ({ type: 'xstate.done.actor.fetchAgreement' as const, output })),
      { type: 'xstate.error.actor.fetchAgreement', error: new Error(REFUSAL) },
    ];
  const candidates: Array<EventFromLogic<typeof agreementTabMachine>> = [
    { type: 'user.show' },
    { type: 'user.hide' },
    { type: 'user.retry' },
    { type: 'user.openPair', rater_a: 11, rater_b: 12 },
    { type: 'user.closePair' },
    { type: 'user.openDisagreement', query: 'Sofa', productId: 'p2' },
    { type: 'user.closeDisagreement' },
  ];
  const events: ModelEvent[] = candidates.filter((event) => state.can(event));
  if (state.matches({ shown: { ready: 'adjudicating' } })) events.push({ type: 'xstate.done.actor.adjudicate', output: undefined });
  // The confusion and the disagreement are opened from the numbers shown: only where there are some.
  return events.filter(
    (event) => !['user.openPair', 'user.openDisagreement'].includes(event.type) || selectAgreementView(state) === 'ready',
  );
}

function describeEvent(event: ModelEvent): string {
  if (event.type === 'xstate.done.actor.fetchAgreement') return `answers ${nameOf(event.output)}`;
  if (event.type === 'xstate.error.actor.fetchAgreement') return 'fails';
  if (event.type === 'xstate.done.actor.adjudicate') return 'adjudicated';
  return event.type.replace('user.', '');
}

const panel = () => within(screen.getByRole('tabpanel', { name: 'Agreement' }));
const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

async function perform(event: ModelEvent, services: FakeDeps) {
  switch (event.type) {
    case 'user.show':
      return fireEvent.click(screen.getByRole('tab', { name: 'Agreement' }));
    case 'user.hide':
      return fireEvent.click(screen.getByRole('tab', { name: 'Judgements' }));
    case 'user.retry':
      return fireEvent.click(panel().getByRole('button', { name: 'Try again' }));
    case 'user.openPair':
    case 'user.closePair':
      return fireEvent.click(panel().getByRole('button', { name: 'Confusion of Alice and Bob' }));
    case 'user.openDisagreement':
      return fireEvent.click(panel().getByRole('button', { name: 'Adjudicate Sofa · p2' }));
    case 'user.closeDisagreement':
      return fireEvent.click(panel().getByRole('button', { name: 'Close adjudication of Sofa · p2' }));
    case 'xstate.done.actor.fetchAgreement':
      return services.settle('agreementOf', { output: event.output });
    case 'xstate.error.actor.fetchAgreement':
      return services.settle('agreementOf', { error: event.error });
    case 'xstate.done.actor.adjudicate': {
      const form = within(panel().getByRole('form', { name: 'Adjudication of Sofa · p2' }));
      fireEvent.click(form.getByRole('radio', { name: '2 · Good' }));
      fireEvent.click(form.getByRole('button', { name: 'Save adjudication' }));
      return services.settle('saveAdjudication', {
        output: { product_id: 'p2', grade: 2, judged_by: 'Ada', judged_at: '2026-11-28T04:00:00Z', name: null, image_url: null },
      });
    }
  }
}

function expectScreen(state: Snapshot) {
  const view = selectAgreementView(state);
  expect(screen.getByRole('tab', { name: 'Agreement' }).getAttribute('aria-selected')).toBe(String(view !== 'hidden'));
  if (view === 'hidden') {
    expect(screen.queryByRole('tabpanel', { name: 'Agreement' })).toBeNull();
    return expect(screen.getByRole('tabpanel', { name: 'Judgements' })).toBeTruthy();
  }
  if (view === 'loading') return expect(panel().getByRole('status').textContent).toBe('Loading...');
  if (view === 'failed') return expect(panel().getByRole('alert').textContent).toBe(`Failed to fetch the agreement. ${REFUSAL}`);
  if (view === 'empty')
    return expect(panel().getByRole('status').textContent).toBe('No ratings yet: agreement needs two raters grading the same pairs.');
  const agreement = state.context.agreement!;
  expect(cellsOf(panel().getByRole('table', { name: 'Raters' }))).toEqual(
    agreement.raters.map((rater) => [rater.name, rater.kind, String(rater.judgements)]),
  );
  if (view === 'tooFew') {
    expect(panel().getByRole('status').textContent).toBe(
      'Too few ratings: no pair has grades from two raters yet, so there is nothing to compare.',
    );
    return expect(panel().queryByRole('table', { name: 'Rater pairs' })).toBeNull();
  }
  // The worked example's numbers, as a person reads them.
  expect(panel().getByRole('region', { name: 'Across all raters' }).textContent).toContain(
    "Krippendorff's α (ordinal): 0.910 over 8 pairable grades",
  );
  expect(cellsOf(panel().getByRole('table', { name: 'Rater pairs' }))).toEqual([
    ['Alice and Bob', '4', '0.90', '75%', state.context.openPair ? 'Close' : 'Open'],
  ]);
  const confusion = panel().queryByRole('table', { name: 'Confusion of Alice (rows) and Bob (columns)' });
  if (state.context.openPair)
    expect(cellsOf(confusion!)).toEqual([
      ['0 · Poor', '1', '0', '0', '0'],
      ['1 · Fair', '0', '1', '0', '0'],
      ['2 · Good', '0', '1', '0', '0'],
      ['3 · Perfect', '0', '0', '0', '1'],
    ]);
  else expect(confusion).toBeNull();
  expect(cellsOf(panel().getByRole('table', { name: "Against the people's consensus" }))).toEqual([
    ['Alice', '4', '0.90'],
    ['Bob', '4', '0.90'],
    ['Upload of Agreed', '0', '—'],
  ]);
  const [disagreement] = cellsOf(panel().getByRole('table', { name: 'Disagreements' }));
  expect(disagreement.slice(0, 4)).toEqual(['Sofa', 'p2', 'Alice: 2 · GoodBob: 1 · Fair', '1']);
  expect(panel().queryByRole('form', { name: 'Adjudication of Sofa · p2' }) !== null).toBe(state.context.openDisagreement !== null);
}

const serializeState = (state: Snapshot) =>
  JSON.stringify({
    value: state.value,
    answer: state.context.agreement && nameOf(state.context.agreement),
    pair: state.context.openPair,
    open: state.context.openDisagreement,
    adjudicated: state.context.adjudications > 0,
  });

describe('agreement tab: paths over the numbers, the confusion and the disagreements', () => {
  replayShortestPaths(agreementTabMachine, {
    input: { goldenSetId: 4 },
    events: eventsFor,
    serializeState,
    paths: { atLeast: 30 },
    describeEvent,
    async setup() {
      const services = fakeDeps();
      renderWithLogic(services, '/golden-sets/4', <GoldenSetPage id={4} />);
      await services.settle('findGoldenSet', { output: ratedSet });
      return services;
    },
    perform: (event, services) => perform(event, services),
    expectScreen: (state) => expectScreen(state),
    beforeStep: (_, services) => ({
      fetches: services.calls('agreementOf'),
      sets: services.calls('findGoldenSet'),
      queries: services.calls('queryRows'),
    }),
    afterStep({ event, state }, services, before) {
      // Each showing fetches the numbers anew; so does a saved adjudication, which also refreshes the grades shown.
      const fetched = event.type === 'user.show' || event.type === 'user.retry' || event.type === 'xstate.done.actor.adjudicate';
      expect(services.calls('agreementOf')).toBe(before.fetches + (fetched ? 1 : 0));
      if (fetched) expect(services.last('agreementOf').args).toEqual([4]);
      if (event.type === 'xstate.done.actor.adjudicate') {
        expect(services.last('saveAdjudication').args).toEqual([4, { query: 'Sofa', product_id: 'p2', grade: 2 }]);
        expect(services.calls('findGoldenSet')).toBe(before.sets + 1);
        expect(services.calls('queryRows')).toBe(before.queries + 1);
        expect(state.hasTag('loading')).toBe(true);
      }
    },
  });
});
