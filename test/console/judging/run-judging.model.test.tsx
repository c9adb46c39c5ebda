import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { rescoreRunMachine } from '../../../src/machines/runs/rescore-run.machine';
import type { ExperimentRun, ExperimentRunDetails } from '../../../src/domain/experiments/evaluation-backend-types';
import type { RunGoldenSetState } from '../../../src/domain/judging/judging-types';
import { rescoreBody, type Rater } from '../../../src/domain/runs/run-judges';
import { RunResultsPage } from '../../../src/views/runs/RunResultsPage';
import { fakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';
import { finishedRun } from '../helpers/finished-run';

// Judging on a run's page: Judge unjudged (to the queue), Rescore (model-based: the rescore machine's paths on
// the page, through the choice of whose ratings and which rule, ending on the new run's page or beside the
// server's refusal), and what the run's score stands on, whose ratings included.

afterEach(cleanup);

type Run = ExperimentRunDetails & RunGoldenSetState;
const run: Run = {
  ...finishedRun(12),
  experiment_name: 'BM25 baseline',
  progress: { done: 3, total: 3 },
  error: null,
  config: { k: 10, golden_set_id: 4 },
  summary: { results: 3, passed: 1, failed: 1, errors: 0, unjudged: 7, mean_metrics: { 'ndcg@10': 0.5 } },
  golden_set_id: 4,
  golden_set_version: 12,
  golden_set_changed: false,
  rescore_of: null,
};
const rescored = { ...run, id: 13, status: 'pending', tags: ['rescore'], rescore_of: 12 } as unknown as ExperimentRun;

async function openRun(details: Run) {
  const services = fakeDeps();
  renderWithLogic(services, '/experiment-run-results/12', <RunResultsPage id={12} />);
  await services.settle('findRun', { output: details });
  return services;
}

type ModelEvent =
  | EventFromLogic<typeof rescoreRunMachine>
  | ActorDone<'rescoreRun', ExperimentRun>
  | ActorError<'rescoreRun', Error>
  | ActorDone<'fetchRaters', Rater[]>;
type Snapshot = SnapshotFrom<typeof rescoreRunMachine>;

const refusal = 'Experiment run 12 has no golden set';
const raters: Rater[] = [
  { id: 31, kind: 'person', name: 'Alice', judgements: 1200 },
  { id: 32, kind: 'model', name: 'GPT judge', judgements: 900 },
];

/** The choices a person makes on the way: the people only, then picking Alice; the median. */
function choosingEvents({ context }: Snapshot): ModelEvent[] {
  const { choice } = context;
  return [
    ...(context.raters === null ? [{ type: 'xstate.done.actor.fetchRaters', output: raters } as const] : []),
    ...(choice.raters === 'all' ? [{ type: 'user.pickRaters', raters: 'person' } as const] : []),
    ...(choice.raters === 'person' ? [{ type: 'user.pickRaters', raters: 'pick' } as const] : []),
    ...(choice.raters === 'pick' && context.raters !== null && choice.picked.length === 0
      ? [{ type: 'user.toggleRater', raterId: 31 } as const]
      : []),
    ...(choice.aggregate === 'set' ? [{ type: 'user.pickRule', aggregate: 'median' } as const] : []),
    { type: 'user.confirm' },
    { type: 'user.cancel' },
  ];
}

describe('Rescore on a finished run, with whose ratings and which rule', () => {
  replayShortestPaths(rescoreRunMachine, {
    events: (state): ModelEvent[] =>
      state.hasTag('busy')
        ? [
            { type: 'xstate.done.actor.rescoreRun', output: rescored },
            { type: 'xstate.error.actor.rescoreRun', error: new Error(refusal) },
          ]
        : state.hasTag('choosing')
          ? choosingEvents(state)
          : [{ type: 'user.chooseJudges', runId: 12, goldenSetId: 4 }],
    serializeState: (state) => JSON.stringify({ value: state.value, context: state.context }),
    paths: { atLeast: 10, name: 'has paths through every choice to rescoring, a refusal and back' },
    // The route names the initial event too.
    name: (path) => `reaches ${JSON.stringify(path.state.value)} via ${path.steps.map(({ event }) => event.type).join(' → ')}`,
    setup: async () => ({ services: await openRun(run), navigated: false }),
    async perform(event, page, step) {
      if (event.type === 'user.chooseJudges') fireEvent.click(screen.getByRole('button', { name: 'Rescore' }));
      else if (event.type === 'xstate.done.actor.fetchRaters') await page.services.settle('ratersOf', { output: event.output });
      else if (event.type === 'user.pickRaters')
        fireEvent.change(screen.getByLabelText('Whose ratings'), { target: { value: event.raters } });
      else if (event.type === 'user.toggleRater') fireEvent.click(screen.getByRole('checkbox', { name: /^Alice/ }));
      else if (event.type === 'user.pickRule') fireEvent.change(screen.getByLabelText('Rule'), { target: { value: event.aggregate } });
      else if (event.type === 'user.confirm') {
        fireEvent.click(screen.getByRole('button', { name: 'Rescore now' }));
        // What was chosen is what the server is asked for.
        if (step.state.hasTag('busy')) expect(page.services.last('rescore').args).toEqual([12, rescoreBody(step.previous.context.choice)]);
      } else if (event.type === 'user.cancel') fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      else if (event.type === 'xstate.done.actor.rescoreRun') {
        await page.services.settle('rescore', { output: event.output });
        page.navigated = true;
      } else if (event.type === 'xstate.error.actor.rescoreRun') await page.services.settle('rescore', { error: event.error });
    },
    expectInitialScreen: false,
    expectScreen(state) {
      const choosing = state.hasTag('choosing');
      const button = screen.getByRole('button', { name: state.hasTag('busy') ? 'Rescoring...' : 'Rescore' }) as HTMLButtonElement;
      expect(button.disabled).toBe(state.hasTag('busy') || choosing);
      const form = screen.queryByRole('form', { name: 'Rescore with' });
      expect(form !== null).toBe(choosing);
      if (choosing) {
        const { choice } = state.context;
        expect((screen.getByLabelText('Whose ratings') as HTMLSelectElement).value).toBe(choice.raters);
        expect((screen.getByLabelText('Rule') as HTMLSelectElement).value).toBe(choice.aggregate);
        const boxes = within(form!).queryAllByRole('checkbox') as HTMLInputElement[];
        const listed = choice.raters === 'pick' && state.context.raters !== null;
        expect(boxes.map((box) => [box.parentElement!.textContent, box.checked])).toEqual(
          listed
            ? [
                ['Alice (person, 1,200 rated)', choice.picked.includes(31)],
                ['GPT judge (model, 900 rated)', false],
              ]
            : [],
        );
        expect(screen.queryByText('Reading the raters...') !== null).toBe(choice.raters === 'pick' && state.context.raters === null);
        // Picking raters needs one at least.
        expect((screen.getByRole('button', { name: 'Rescore now' }) as HTMLButtonElement).disabled).toBe(
          choice.raters === 'pick' && choice.picked.length === 0,
        );
      }
      const alert = screen.queryByText(/^Rescore failed/);
      expect(alert?.textContent ?? null).toBe(state.context.error ? `Rescore failed: ${refusal}` : null);
    },
    afterStep(_, { services, navigated }) {
      // The new run's page follows a rescore.
      expect(services.currentPath()).toBe(navigated ? '/experiment-run-results/13' : '/experiment-run-results/12');
    },
    afterPath(path, { services }) {
      if (path.steps.some((step) => step.state.hasTag('busy'))) expect(services.last('rescore').args[0]).toBe(12);
      if (path.steps.some((step) => step.state.hasTag('choosing'))) expect(services.last('ratersOf').args).toEqual([4]);
    },
  });
});

describe('judging from the run page', () => {
  it('links Judge unjudged to the queue and says nothing of the golden set while it is as scored', async () => {
    await openRun(run);
    expect(screen.getByRole('link', { name: 'Judge unjudged' }).getAttribute('href')).toBe('/experiment-run-results/12/judge');
    // A model judge's job for this run: its golden set and the run already chosen on the model judges' page.
    expect(screen.getByRole('link', { name: 'Judge with a model' }).getAttribute('href')).toBe(`/model-judges?golden_set=4&run=12`);
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByRole('link', { name: /Rescore of run/ })).toBeNull();
  });

  it('turns Judge unjudged off, with its reason, for a run without a golden set', async () => {
    await openRun({ ...run, golden_set_id: null, config: { k: 10 } });
    const judge = screen.getByRole('button', { name: 'Judge unjudged' }) as HTMLButtonElement;
    expect(judge.disabled).toBe(true);
    expect(document.getElementById(judge.getAttribute('aria-describedby')!)!.textContent).toBe('This run has no golden set to judge into.');
  });

  it('turns Rescore off, with its reason, for a run cancelled or failed or whose golden set is deleted', async () => {
    const refused: Array<[Partial<Run>, string]> = [
      [{ status: 'cancelled' }, 'This run was cancelled before it finished: only a run that succeeded can be rescored.'],
      [{ status: 'failed' }, 'This run failed: only a run that succeeded can be rescored.'],
      [{ golden_set_id: null }, 'Its golden set has been deleted: there is nothing to rescore this run against.'],
    ];
    for (const [changes, reason] of refused) {
      const services = await openRun({ ...run, ...changes });
      const rescore = screen.getByRole('button', { name: 'Rescore' }) as HTMLButtonElement;
      expect(rescore.disabled).toBe(true);
      expect(document.getElementById(rescore.getAttribute('aria-describedby')!)!.textContent).toBe(reason);
      fireEvent.click(rescore);
      expect(services.calls('rescore')).toBe(0);
      cleanup();
    }
  });

  it('says when the golden set has changed since, and names the run a rescore comes from', async () => {
    await openRun({ ...run, golden_set_changed: true, rescore_of: 7 });
    expect(screen.getByRole('note').textContent).toBe(
      'The golden set has changed since this run was scored. Rescore to score it against the judgements as they are now.',
    );
    expect(screen.getByRole('link', { name: 'Rescore of run 7' }).getAttribute('href')).toBe('/experiment-run-results/7');
  });

  it('says whose ratings and which rule scored the run', async () => {
    await openRun({ ...run, judges: { raters: { kinds: ['person'] }, aggregate: 'median', prefer_adjudication: true } });
    expect(screen.getByText(/^Scored with:/).textContent).toBe('Scored with: humans only, by the median');
    cleanup();
    await openRun({ ...run, judges: { raters: 'all', aggregate: 'mean', prefer_adjudication: true } });
    expect(screen.getByText(/^Scored with:/).textContent).toBe('Scored with: all raters, by the mean');
    cleanup();
    await openRun({
      ...run,
      judges: { raters: { rater_ids: [31, 32] }, aggregate: 'single', prefer_adjudication: false, rater_names: ['Ann', 'gpt-judge'] },
    });
    expect(screen.getByText(/^Scored with:/).textContent).toBe(
      'Scored with: raters Ann and gpt-judge, by the single rating, adjudications not preferred',
    );
    cleanup();
    // A run scored before names were kept says the raters' ids.
    await openRun({ ...run, judges: { raters: { rater_ids: [31] }, aggregate: 'mean', prefer_adjudication: true } });
    expect(screen.getByText(/^Scored with:/).textContent).toBe('Scored with: rater 31, by the mean');
  });

  it('offers neither to a run still going', async () => {
    await openRun({ ...run, status: 'running' });
    expect(screen.queryByRole('link', { name: 'Judge unjudged' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rescore' })).toBeNull();
  });
});
