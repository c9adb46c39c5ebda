import { afterEach, describe, expect } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { judgeQueueMachine, type JudgeQueueContext } from '../../../src/machines/judging/judge-queue.machine';
import { liveOffset, pageAt } from '../../../src/domain/judging/judge-queue';
import { queueAddress, queuePath, type QueueSource } from '../../../src/domain/judging/queue-scope';
import type { RunJudgingTarget, UnjudgedItem, UnjudgedPage } from '../../../src/domain/judging/judging-types';
import { JudgeQueuePage } from '../../../src/views/judging/JudgeQueuePage';
import { fakeDeps, type OutputOf } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { possibleEvents, replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: the judging queue of run 9. Two unjudged pairs, one to a page (so paging shows), the second of a query
// the golden set judges nothing for; the fake server drops a pair once it is graded, as the real one does. Every
// shortest path of the real machine, replayed on the page with the keyboard only: digits grade, j/k and the arrows
// move, s skips; the first grade of the new query asks first (confirmed or cancelled); the scope changed to every
// query; the end's summary; a failed save.

afterEach(cleanup);

type Snapshot = SnapshotFrom<typeof judgeQueueMachine>;

const PAGE_SIZE = 1;
const pairs: UnjudgedItem[] = [
  {
    query: 'red sofa',
    product_id: 'P9',
    rank: 3,
    result_id: 55,
    name: 'Velvet sofa',
    image_url: '/demo-images/P9.svg',
    description: 'Three seats, red velvet',
    attributes: { colour: 'red', material: 'velvet', price: 899, generated: true, dimensions: { width: 210 } },
    new_query: false,
  },
  {
    query: 'desk',
    product_id: 'P3',
    rank: 1,
    result_id: 56,
    name: null,
    image_url: null,
    description: null,
    attributes: {},
    new_query: true,
  },
];
/** Run 9 is #3 in its experiment. */
const target: RunJudgingTarget = { goldenSetId: 4, scale: { max_grade: 3, labels: ['Poor', 'Fair', 'Good', 'Perfect'] }, runNumber: 3 };

/** What the server answers for the page the machine asks for: the pairs not graded yet. */
function serverPage(context: JudgeQueueContext): UnjudgedPage {
  const judged = new Set(Object.keys(context.graded).map((position) => context.items[Number(position)].product_id));
  const left = pairs.filter((pair) => !judged.has(pair.product_id));
  const { page } = pageAt(liveOffset(context.position, context.graded), PAGE_SIZE);
  // One rating wanted per pair: each pair left misses one.
  return { items: left.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), total: left.length, missing: left.length };
}

type ModelEvent =
  | EventFromLogic<typeof judgeQueueMachine>
  | ActorDone<'fetchTarget', RunJudgingTarget>
  | ActorError<'fetchTarget', Error>
  | ActorDone<'fetchItems', UnjudgedPage>
  | ActorError<'fetchItems', Error>
  | ActorDone<'saveGrade', OutputOf<'saveJudgement'>>
  | ActorError<'saveGrade', Error>;

const noGoldenSet = new Error('Experiment run 9 has no golden set');
const unavailable = new Error('The server answered 503');

/** The counter: this session's grades and skips, and what the fake server still lists (a grade on its way counted as given). */
const progressText = (context: JudgeQueueContext) => {
  const judged = Object.keys(context.graded).length;
  const skipped = context.skipped.filter((position) => context.graded[position] === undefined).length;
  const left = pairs.length - judged;
  return { judged, skipped, text: `judged ${judged} · skipped ${skipped} · left ${left} · ${left} rating${left === 1 ? '' : 's'} missing` };
};

/** The grade the server kept, as it answers a save. */
const saved: OutputOf<'saveJudgement'> = {
  product_id: 'p1',
  name: null,
  image_url: null,
  grade: 2,
  judged_by: 'ada',
  judged_at: '2026-11-22T15:04:00Z',
};

/** The events tried in each state and how states are told apart, for the queue opened at `at` of `runId`. */
function traversalFor(at: number, runId: number | null) {
  const source: QueueSource = { kind: 'run', id: runId, choice: { scope: 'judged' } };
  return {
    input: { source, at, pageSize: PAGE_SIZE },
    events: (state: Snapshot) => {
      const candidates: ModelEvent[] = [
        // One grade at a time, of an ungraded pair, keeps the graph finite.
        ...(state.context.pending.length === 0 && state.context.graded[state.context.position] === undefined
          ? ([{ type: 'user.grade', grade: 2 }] satisfies ModelEvent[])
          : []),
        { type: 'user.next' },
        // While a page loads (or failed to) the page shows that, with 'Try again' focused, and no queue keys.
        ...(state.hasTag('showing') || state.hasTag('finished') ? ([{ type: 'user.previous' }] satisfies ModelEvent[]) : []),
        // Skipping a pair already graded or skipped is a plain move: left to 'user.next'.
        ...(state.context.graded[state.context.position] === undefined && !state.context.skipped.includes(state.context.position)
          ? ([{ type: 'user.skip' }] satisfies ModelEvent[])
          : []),
        { type: 'user.retry' },
        { type: 'user.confirmNewQuery' },
        { type: 'user.cancelNewQuery' },
        // Once, before anything is graded or skipped, from the default scope to every query: the server's list is the
        // same, the queue starts again (from any later point it does the same).
        ...(state.context.source.kind === 'run' &&
        state.context.source.choice.scope === 'judged' &&
        Object.keys(state.context.graded).length === 0 &&
        state.context.skipped.length === 0
          ? ([{ type: 'user.scope', choice: { scope: 'all' } }] satisfies ModelEvent[])
          : []),
        ...(state.matches('opening')
          ? ([
              { type: 'xstate.done.actor.fetchTarget', output: target },
              { type: 'xstate.error.actor.fetchTarget', error: noGoldenSet },
            ] satisfies ModelEvent[])
          : []),
        ...(state.matches({ ready: { queue: 'fetching' } })
          ? ([
              { type: 'xstate.done.actor.fetchItems', output: serverPage(state.context) },
              { type: 'xstate.error.actor.fetchItems', error: unavailable },
            ] satisfies ModelEvent[])
          : []),
        ...(state.matches({ ready: { saves: 'saving' } })
          ? ([
              { type: 'xstate.done.actor.saveGrade', output: saved },
              { type: 'xstate.error.actor.saveGrade', error: new Error('body.grade must be between 0 and 1') },
            ] satisfies ModelEvent[])
          : []),
      ];
      return possibleEvents(state, candidates);
    },
    // What the page shows, not how it got there.
    serializeState: (state: Snapshot) =>
      JSON.stringify({
        value: state.value,
        scope: state.context.source.kind === 'run' && state.context.source.choice.scope,
        confirmed: state.context.confirmed,
        position: state.context.position,
        graded: state.context.graded,
        skipped: [...state.context.skipped].sort(),
        pending: state.context.pending.length,
        saveError: state.context.saveError !== null,
        loaded: Object.keys(state.context.items).length,
      }),
  };
}

function expectQueue(state: Snapshot) {
  const { context } = state;
  // The run by its number in its experiment, once read with its golden set.
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(state.context.target ? 'Judge unjudged · Run #3' : 'Judge unjudged');
  if (state.hasTag('notFound')) return expect(screen.getByRole('alert').textContent).toBe('Invalid experiment run ID');
  if (state.hasTag('loading')) return expect(screen.getByRole('status').textContent).toBe('Loading...');
  if (state.hasTag('failed')) {
    expect(screen.getAllByRole('alert')[0].textContent).toBe(context.error);
    return expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  }
  const progress = progressText(context);
  // A save that failed says which grade of which pair; the pair is back to ungraded.
  const saveAlert = screen.queryAllByRole('alert').find((alert) => alert.textContent?.startsWith('Grade '));
  if (context.saveError) {
    expect(saveAlert?.textContent).toMatch(/^Grade 2 for P[39] \(“(red sofa|desk)”\) was not saved: body.grade must be between 0 and 1$/);
  } else expect(saveAlert).toBeUndefined();
  if (state.hasTag('finished')) {
    const done = screen.getByRole('region', { name: 'Done' });
    expect(document.activeElement).toBe(done);
    expect(within(done).getByLabelText('Progress').textContent).toBe(progress.text);
    expect(within(done).getByText(`Judged ${progress.judged}, skipped ${progress.skipped}`)).toBeTruthy();
    // Rescore waits for the grades still on their way.
    const rescore = within(done).getByRole('button', { name: state.hasTag('saving') ? 'Saving grades...' : 'Rescore the run' });
    expect((rescore as HTMLButtonElement).disabled).toBe(state.hasTag('saving'));
    return expect(within(done).getByRole('button', { name: 'Back to the run' })).toBeTruthy();
  }
  const item = context.items[context.position];
  const card = screen.getByRole('region', { name: 'Grade this product' });
  // The scope in the list, and which ones it offers.
  const scope = screen.getByRole('combobox', { name: 'Judge' }) as HTMLSelectElement;
  expect(scope.value).toBe(context.source.kind === 'run' ? context.source.choice.scope : '');
  expect([...scope.options].map((option) => option.textContent)).toEqual([
    'Queries the golden set judges',
    'The run’s failing queries',
    'Every query, new ones too',
  ]);
  // Nothing is added silently: the first grade of a query the set does not judge asks, and waits.
  const question = screen.queryByRole('alertdialog', { name: 'Add a query to the golden set' });
  if (state.hasTag('confirming')) {
    expect(question!.textContent).toContain('The golden set judges nothing for “desk” yet: grading it adds the query to the set.');
    const confirm = within(question!).getByRole('button', { name: 'Add the query and grade 2 Good' });
    expect(document.activeElement).toBe(confirm);
    expect(context.graded[context.position]).toBeUndefined();
    return;
  }
  expect(question).toBeNull();
  // No mouse needed: the card has the focus, and the page says which keys do what.
  expect(document.activeElement).toBe(card);
  expect(screen.getByText('0–3 grade · ←/→ or j/k move · s skip')).toBeTruthy();
  expect(screen.getByLabelText('Progress').textContent).toBe(progress.text);
  expect(card.firstElementChild!.textContent).toBe(`Query ${item.query}`);
  expect(within(card).getByText(item.name ?? item.product_id, { selector: 'p' })).toBeTruthy();
  expect(within(card).getByText(`Product ${item.product_id}`)).toBeTruthy();
  if (item.description) expect(within(card).getByText(item.description)).toBeTruthy();
  // Beside the description, the catalogue's key attributes as "key: value" (texts and numbers only).
  const attributes = within(card).queryByLabelText(`Attributes of ${item.name ?? item.product_id}`);
  expect(attributes ? [...attributes.children].map((pair) => pair.textContent) : []).toEqual(
    Object.keys(item.attributes).length ? ['colour:red', 'material:velvet', 'price:899'] : [],
  );
  // A product without an image takes no room: no empty image box.
  if (item.image_url) expect(within(card).getByRole('img').getAttribute('alt')).toBe(item.name);
  else expect(within(card).queryAllByRole('img')).toEqual([]);
  // The rank is left out, so it does not sway the judge.
  expect(card.textContent).not.toMatch(/#\d|rank/i);
  const pressed = within(card)
    .queryAllByRole('button', { pressed: true })
    .map((button) => button.textContent);
  const grade = context.graded[context.position];
  expect(pressed).toEqual(grade === undefined ? [] : ['2 Good']);
  if (grade !== undefined) expect(within(card).getByText('Graded 2 Good')).toBeTruthy();
}

const keys: Record<string, string[]> = { 'user.next': ['j', 'ArrowRight'], 'user.previous': ['k', 'ArrowLeft'], 'user.skip': ['s'] };

describe.each([
  ['opened from the run', 0, 9],
  ['reopened at ?at=1 (one skipped before)', 1, 9],
  ['opened without a run id', 0, null],
] as const)('judging queue, %s', (_, at, runId) => {
  replayShortestPaths(judgeQueueMachine, {
    ...traversalFor(at, runId),
    paths: { atLeast: runId ? 20 : 1, name: `yields ${runId ? 'many' : 'one'} path(s)` },
    name: (path, route) => `reaches ${JSON.stringify(path.state.value)}${route ? ` via ${route}` : ''}`,
    setup() {
      const services = fakeDeps();
      renderWithLogic(services, queuePath(9, at), <JudgeQueuePage id={runId} pageSize={PAGE_SIZE} />);
      return { services, moves: 0 };
    },
    async perform(event, queue) {
      const { services } = queue;
      switch (event.type) {
        case 'user.grade':
          fireEvent.keyDown(document.activeElement!, { key: String(event.grade) });
          break;
        case 'user.next':
        case 'user.previous':
        case 'user.skip':
          queue.moves += 1;
          fireEvent.keyDown(document.activeElement!, { key: keys[event.type][queue.moves % keys[event.type].length] });
          break;
        case 'user.retry':
          fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
          break;
        case 'user.confirmNewQuery':
          fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
          fireEvent.click(document.activeElement!);
          break;
        case 'user.cancelNewQuery':
          fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
          break;
        case 'user.scope':
          fireEvent.change(screen.getByRole('combobox', { name: 'Judge' }), { target: { value: event.choice.scope } });
          break;
        case 'xstate.done.actor.fetchTarget':
          await services.settle('judgingTarget', { output: event.output });
          break;
        case 'xstate.error.actor.fetchTarget':
          await services.settle('judgingTarget', { error: event.error });
          break;
        case 'xstate.done.actor.fetchItems':
          await services.settle('unjudged', { output: event.output });
          break;
        case 'xstate.error.actor.fetchItems':
          await services.settle('unjudged', { error: event.error });
          break;
        case 'xstate.done.actor.saveGrade':
          await services.settle('saveJudgement', { output: event.output });
          break;
        case 'xstate.error.actor.saveGrade':
          await services.settle('saveJudgement', { error: event.error });
          break;
      }
    },
    expectScreen: (state) => expectQueue(state),
    afterStep({ state: after }, { services }) {
      // The address holds the server's offset of the current pair, so a reload resumes there.
      if (after.matches({ ready: { queue: 'showing' } }))
        expect(services.currentPath()).toBe(queueAddress(after.context.source, liveOffset(after.context.position, after.context.graded)));
      // A scope chosen asks the server for its pairs.
      if (after.context.source.kind === 'run' && after.context.source.choice.scope === 'all' && after.hasTag('showing'))
        expect(services.last('unjudged').args[3]).toEqual({ scope: 'all' });
    },
    afterPath(_, { services }) {
      if (runId === null) expect(services.calledMethods()).toEqual([]);
      else expect(services.last('judgingTarget').args).toEqual([9]);
    },
  });
});
