import { afterEach, beforeAll, beforeEach, describe, expect, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createActor, fromPromise, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { tryQueryMachine } from '../../../src/machines/experiments/try-query.machine';
import { emptyDraft, type Draft } from '../../../src/domain/experiments/experiment-draft';
import type { TryQuery, TryResult } from '../../../src/domain/experiments/workbench-types';
import { TryQueryPanel } from '../../../src/views/experiments/TryQueryPanel';
import { possibleEvents, replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: the try-a-query machine's shortest paths, replayed on its panel. The form around it is
// stood in for by a switch between a usable target and one with a malformed field.

afterEach(cleanup);

// jsdom lays nothing out, so it has no scrollIntoView: record the calls instead.
const scrolledTo = vi.fn();
let scrolledBefore = 0;
beforeAll(() => {
  Element.prototype.scrollIntoView = scrolledTo;
});
let shownBefore: { result: unknown; error: unknown } = { result: null, error: null };
beforeEach(() => {
  scrolledBefore = scrolledTo.mock.calls.length;
  shownBefore = { result: null, error: null };
});

const usable: Draft = { ...emptyDraft, golden_set_id: '4' };
const malformed: Draft = { ...emptyDraft, kind: 'http', url: 'http://search.test/?q={query}', timeout_ms: 'soon' };
const answer: TryResult = {
  hits: [
    { rank: 1, product_id: 'p1', name: 'Red sofa', image_url: '/images/p1.png', grade: 3 },
    {
      rank: 2,
      product_id: 'p9',
      grade: null,
      note: 'image_url at /img must be an http(s) URL or a path on this server; no image is shown',
    },
    // A server that predates the check may still send one: the panel shows it no more than the server keeps it.
    { rank: 3, product_id: 'p4', image_url: 'javascript:alert(1)', grade: null },
  ],
  elapsed_ms: 42,
  judged: 2,
};
const pointerMistake: TryResult = {
  hits: [],
  elapsed_ms: 7,
  problem: { message: 'Search target response has no array at /results', raw: '{"hits":[{"id":"p1"}]}' },
};

type Snapshot = SnapshotFrom<typeof tryQueryMachine>;
type ModelEvent = EventFromLogic<typeof tryQueryMachine> | ActorDone<'tryQuery', TryResult> | ActorError<'tryQuery', Error>;

/** The panel with its actor, the service call held open until the test settles it. */
function renderPanel() {
  const calls: Array<{ input: TryQuery; resolve(value: TryResult): void; reject(error: Error): void }> = [];
  const actor = createActor(
    tryQueryMachine.provide({
      actors: {
        tryQuery: fromPromise(
          ({ input }: { input: TryQuery }) => new Promise<TryResult>((resolve, reject) => calls.push({ input, resolve, reject })),
        ),
      },
    }),
  ).start();
  function Harness() {
    const [broken, setBroken] = useState(false);
    return (
      <>
        <label>
          <input type="checkbox" checked={broken} onChange={() => setBroken(!broken)} />
          Malformed target
        </label>
        <TryQueryPanel tryQuery={actor} draft={broken ? malformed : usable} />
      </>
    );
  }
  render(<Harness />);
  return { calls };
}

const queryBox = () => screen.getByLabelText('Query') as HTMLInputElement;
const tryButton = () => screen.getByRole('button', { name: /^(Try|Trying\.\.\.)$/ }) as HTMLButtonElement;
const useDraft = (draft: Draft) => {
  const box = screen.getByLabelText('Malformed target') as HTMLInputElement;
  if (box.checked !== (draft === malformed)) fireEvent.click(box);
};

function expectPanel(state: Snapshot) {
  const { context } = state;
  expect(queryBox().value).toBe(context.query);
  expect(tryButton().textContent).toBe(state.hasTag('trying') ? 'Trying...' : 'Try');
  expect(tryButton().disabled).toBe(state.hasTag('trying'));
  const alerts = screen.queryAllByRole('alert').map((alert) => alert.textContent);
  expect(alerts).toEqual([context.error, context.result?.problem?.message].filter((text) => text != null));
  const hits = screen.queryByRole('list', { name: 'Hits' });
  const shown = hits ? [...hits.querySelectorAll('li')].map((li) => li.textContent) : [];
  expect(shown).toEqual(
    (context.result?.hits ?? []).map(
      (hit) => `#${hit.rank}${hit.product_id} ${hit.name ?? ''}${hit.note ?? ''}${hit.grade === null ? 'unjudged' : `grade ${hit.grade}`}`,
    ),
  );
  const images = hits ? [...hits.querySelectorAll('img')].map((img) => img.getAttribute('src')) : [];
  expect(images).toEqual(context.result === answer ? ['/images/p1.png'] : []);
  // The answer's start is laid out by its brackets, one member a line.
  const answerStart = document.querySelector('pre')?.textContent;
  expect(answerStart).toBe(
    context.result?.problem?.raw === undefined ? undefined : '{\n  "hits": [\n    {\n      "id": "p1"\n    }\n  ]\n}',
  );
}

describe('Try a query: try-query paths', () => {
  replayShortestPaths(tryQueryMachine, {
    events: (state) =>
      possibleEvents<ModelEvent>(state, [
        { type: 'user.queryChanged', query: 'red sofa' },
        { type: 'user.queryChanged', query: '' },
        { type: 'user.try', draft: usable },
        { type: 'user.try', draft: malformed },
        ...(state.hasTag('trying')
          ? ([
              { type: 'xstate.done.actor.tryQuery', output: answer },
              { type: 'xstate.done.actor.tryQuery', output: pointerMistake },
              { type: 'xstate.error.actor.tryQuery', error: new Error('The server answered 503') },
            ] satisfies ModelEvent[])
          : []),
      ]),
    serializeState: (state) => JSON.stringify({ value: state.value, context: state.context }),
    paths: { atLeast: 20 },
    describeEvent: (event) => ('query' in event ? `${event.type}(${JSON.stringify(event.query)})` : event.type),
    setup: () => renderPanel(),
    expectScreen: (state) => expectPanel(state),
    beforeStep: (_, { calls }) => calls.length,
    perform(event, { calls }) {
      switch (event.type) {
        case 'user.queryChanged':
          fireEvent.change(queryBox(), { target: { value: event.query } });
          break;
        case 'user.try':
          useDraft(event.draft);
          fireEvent.click(tryButton());
          break;
        case 'xstate.done.actor.tryQuery':
          calls.at(-1)!.resolve(event.output);
          break;
        case 'xstate.error.actor.tryQuery':
          calls.at(-1)!.reject(event.error);
          break;
      }
    },
    afterStep({ event, state }, { calls }, before) {
      // An answer or a message that arrives is scrolled into view: below a long form it would otherwise go unseen.
      const { result, error } = state.context;
      const arrived = (result !== shownBefore.result || error !== shownBefore.error) && (result !== null || error !== null);
      expect(scrolledTo.mock.calls.length).toBe(scrolledBefore + (arrived ? 1 : 0));
      if (arrived) expect(scrolledTo.mock.contexts.at(-1)).toBe(screen.getByRole('region', { name: 'Answer' }));
      scrolledBefore = scrolledTo.mock.calls.length;
      shownBefore = { result, error };
      // A call only when the form describes a usable target and a query is typed; it sends exactly them.
      const asked = event.type === 'user.try' && state.hasTag('trying');
      expect(calls.length).toBe(before + (asked ? 1 : 0));
      if (asked) expect(calls.at(-1)!.input).toEqual({ search_target: { kind: 'builtin' }, query: 'red sofa', k: 10, golden_set_id: 4 });
    },
  });
});
