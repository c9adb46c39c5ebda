import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { estimateText } from '../../../src/domain/judges/job-texts';
import { judgeJobRequest } from '../../../src/domain/judges/judge-job-form';
import type { JudgeJobEstimate, ModelJudge } from '../../../src/domain/judges/model-judge-types';
import { RefusalError } from '../../../src/domain/shared/error-message';
import { startJudgeJobMachine } from '../../../src/machines/judges/start-judge-job.machine';
import { ModelJudgesPage } from '../../../src/views/judges/ModelJudgesPage';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { possibleEvents, replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: every shortest path of the real "Judge a golden set / a run" machine, replayed on /model-judges.
// The set, a run and the scope chosen; the server's estimate shown before anything starts; Start judging opens
// the job's page; a refusal says why and keeps the choice; Back and Cancel.

afterEach(cleanup);

type Snapshot = SnapshotFrom<typeof startJudgeJobMachine>;
type ModelEvent =
  | EventFromLogic<typeof startJudgeJobMachine>
  | ActorDone<'estimateJob', JudgeJobEstimate>
  | ActorError<'estimateJob', Error>
  | ActorDone<'startJob', { id: number; estimate: JudgeJobEstimate }>
  | ActorError<'startJob', Error>;

const fakeJudge: ModelJudge = {
  id: 4,
  name: 'Fake GPT',
  base_url: 'http://127.0.0.1:11434/v1',
  model: 'llama3.1',
  api_key: null,
  temperature: 0,
  seed: null,
  prompt_template: 'Grade {products} for {query}.',
  guidelines: '',
  product_fields: ['name', 'description'],
  products_per_call: 1,
  concurrency: 2,
  requests_per_minute: 60,
  price_per_1k_input: 0.5,
  price_per_1k_output: 1.5,
  created_at: '2026-03-01T09:30:00Z',
  updated_at: '2026-03-01T09:30:00Z',
};
const goldenSets = [
  { id: 2, name: 'Sofas DE' },
  { id: 3, name: 'Lamps FR' },
];
const estimate: JudgeJobEstimate = { pairs: 12, prompt_tokens: 3400, cost: 0.0026 };
const otherSet = new RefusalError('body.golden_set_id: run 7 is scored against golden set 2, not 3');

const dialog = () => screen.queryByRole('dialog');
const inDialog = (name: string) => within(screen.getByRole('dialog')).getByRole('button', { name }) as HTMLButtonElement;
const field = (label: string) => within(screen.getByRole('dialog')).getByLabelText(label) as HTMLInputElement;

function eventsFor(state: Snapshot): ModelEvent[] {
  return possibleEvents<ModelEvent>(state, [
    { type: 'user.open', judge: { id: fakeJudge.id, name: fakeJudge.name } },
    { type: 'user.change', fields: { golden_set_id: '3' } },
    { type: 'user.change', fields: { run_id: '7' } },
    { type: 'user.change', fields: { scope: 'all' } },
    { type: 'user.estimate' },
    { type: 'user.back' },
    { type: 'user.start' },
    { type: 'user.cancel' },
    ...(state.matches('estimating')
      ? ([
          { type: 'xstate.done.actor.estimateJob', output: estimate },
          { type: 'xstate.error.actor.estimateJob', error: otherSet },
        ] satisfies ModelEvent[])
      : []),
    ...(state.matches('starting')
      ? ([
          { type: 'xstate.done.actor.startJob', output: { id: 42, estimate } },
          { type: 'xstate.error.actor.startJob', error: new Error('The server did not answer') },
        ] satisfies ModelEvent[])
      : []),
  ]);
}

const describeEvent = (event: ModelEvent) =>
  event.type === 'user.change' ? `user.change(${JSON.stringify(event.fields)})` : event.type.replace('xstate.', '');

async function perform(event: ModelEvent, services: FakeDeps) {
  switch (event.type) {
    case 'user.open':
      return fireEvent.click(screen.getByRole('button', { name: 'Judge a golden set or a run with Fake GPT' }));
    case 'user.change': {
      const [[name, value]] = Object.entries(event.fields);
      const label = { golden_set_id: 'Golden set*', run_id: 'Run id (empty: the whole set)', scope: 'Pairs' }[name]!;
      return fireEvent.change(field(label), { target: { value } });
    }
    case 'user.estimate':
      return fireEvent.click(inDialog('Estimate cost'));
    case 'user.back':
      return fireEvent.click(inDialog('Back'));
    case 'user.start':
      return fireEvent.click(inDialog('Start judging'));
    case 'user.cancel':
      return fireEvent.click(inDialog('Cancel'));
    case 'xstate.done.actor.estimateJob':
      return services.settle('estimateJob', { output: event.output });
    case 'xstate.error.actor.estimateJob':
      return services.settle('estimateJob', { error: event.error });
    case 'xstate.done.actor.startJob':
      return services.settle('startJob', { output: event.output });
    case 'xstate.error.actor.startJob':
      return services.settle('startJob', { error: event.error });
  }
}

function expectScreen(state: Snapshot) {
  if (state.matches('closed')) {
    expect(dialog()).toBeNull();
    return;
  }
  expect(screen.getByRole('dialog', { name: 'Judge with Fake GPT' })).toBeTruthy();
  const { fields, failure } = state.context;
  if (state.matches('confirming') || state.matches('starting')) {
    // The estimate is shown and the choice is no longer editable; Start judging asks the server.
    expect(within(screen.getByRole('dialog')).getByRole('status').textContent).toBe(`Estimate: ${estimateText(estimate)}`);
    expect(inDialog(state.matches('starting') ? 'Starting...' : 'Start judging').disabled).toBe(state.matches('starting'));
    expect(within(screen.getByRole('dialog')).queryByLabelText('Golden set*')).toBeNull();
  } else {
    expect(field('Golden set*').value).toBe(fields.golden_set_id);
    expect(field('Run id (empty: the whole set)').value).toBe(fields.run_id);
    expect(field('Pairs').value).toBe(fields.scope);
    const estimating = state.matches('estimating');
    expect(field('Golden set*').closest('fieldset')!.disabled).toBe(estimating);
    expect(inDialog(estimating ? 'Estimating...' : 'Estimate cost').disabled).toBe(!state.can({ type: 'user.estimate' }));
  }
  expect(within(screen.getByRole('dialog')).queryByRole('alert')?.textContent ?? null).toBe(failure);
}

describe('Judge a golden set / a run: every path', () => {
  replayShortestPaths(startJudgeJobMachine, {
    events: eventsFor,
    serializeState: (state, event) => JSON.stringify({ value: state.value, context: state.context, by: event && describeEvent(event) }),
    // A broken generator fails loudly: at least as many paths as the graph yields today.
    paths: { atLeast: 71 },
    describeEvent,
    name: (path, route) => `reaches ${String(path.state.value)} via ${route || 'nothing'}`,
    async setup() {
      const services = fakeDeps();
      renderWithLogic(services, '/model-judges', <ModelJudgesPage />, { role: 'curator' });
      await services.settle('judgeRows', { output: { items: [fakeJudge], total: 1 } });
      await services.settle('goldenSetOptions', { output: goldenSets });
      return services;
    },
    perform: (event, services) => perform(event, services),
    expectScreen: (state) => expectScreen(state),
    afterPerform({ event, previous }, services) {
      // The estimate and the start ask for the same job: the judge, the set, the run when given, the scope.
      const request = [fakeJudge.id, judgeJobRequest(previous.context.fields)];
      if (event.type === 'user.estimate') expect(services.last('estimateJob').args).toEqual(request);
      if (event.type === 'user.start') expect(services.last('startJob').args).toEqual(request);
    },
    afterStep({ event }, services) {
      // Started: the job's page opens.
      if (event.type === 'xstate.done.actor.startJob') expect(services.currentPath()).toBe('/judge-jobs/42');
      else expect(services.currentPath()).toBe('/model-judges');
    },
  });
});

describe('Judge a golden set / a run: from a run page', () => {
  it('chooses sets by name, and opens with the run and its set that the address names', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/model-judges?golden_set=3&run=7', <ModelJudgesPage />, { role: 'curator' });
    await services.settle('judgeRows', { output: { items: [fakeJudge], total: 1 } });
    await services.settle('goldenSetOptions', { output: goldenSets });
    expect(screen.getByRole('status').textContent).toBe("Choose a judge to judge run 7's unjudged products.");
    fireEvent.click(screen.getByRole('button', { name: 'Judge a golden set or a run with Fake GPT' }));
    const set = field('Golden set*') as unknown as HTMLSelectElement;
    expect([...set.options].map((option) => option.textContent)).toEqual(['Choose a golden set', 'Sofas DE', 'Lamps FR']);
    expect(set.selectedOptions[0].textContent).toBe('Lamps FR');
    expect(field('Run id (empty: the whole set)').value).toBe('7');
    expect(field('Pairs').value).toBe('unjudged');
    fireEvent.click(inDialog('Estimate cost'));
    expect(services.last('estimateJob').args).toEqual([fakeJudge.id, { golden_set_id: 3, run_id: 7, scope: 'unjudged' }]);
  });
});
