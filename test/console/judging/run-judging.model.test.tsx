import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { EventFromLogic } from 'xstate';
import { rescoreRunMachine } from '../../../src/machines/runs/rescore-run.machine';
import type { ExperimentRun, ExperimentRunDetails } from '../../../src/domain/experiments/evaluation-backend-types';
import type { RunGoldenSetState } from '../../../src/domain/judging/judging-types';
import { RunResultsPage } from '../../../src/views/runs/RunResultsPage';
import { fakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';
import { finishedRun } from '../helpers/finished-run';

// Judging on a run's page: Judge unjudged (to the queue), Rescore (model-based: the rescore machine's paths on
// the page, ending on the new run's page or beside the server's refusal), and what the run's score stands on.

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

type ModelEvent = EventFromLogic<typeof rescoreRunMachine> | ActorDone<'rescoreRun', ExperimentRun> | ActorError<'rescoreRun', Error>;

const refusal = 'Experiment run 12 has no golden set';

describe('Rescore on a finished run', () => {
  replayShortestPaths(rescoreRunMachine, {
    events: (state): ModelEvent[] =>
      state.hasTag('busy')
        ? [
            { type: 'xstate.done.actor.rescoreRun', output: rescored },
            { type: 'xstate.error.actor.rescoreRun', error: new Error(refusal) },
          ]
        : [{ type: 'user.rescore', runId: 12 }],
    serializeState: (state) => JSON.stringify({ value: state.value, context: state.context }),
    paths: { atLeast: 3, name: 'has paths to rescoring, a refusal and back' },
    // The route names the initial event too.
    name: (path) => `reaches ${JSON.stringify(path.state.value)} via ${path.steps.map(({ event }) => event.type).join(' → ')}`,
    setup: async () => ({ services: await openRun(run), navigated: false }),
    async perform(event, page) {
      if (event.type === 'user.rescore') fireEvent.click(screen.getByRole('button', { name: 'Rescore' }));
      else if (event.type === 'xstate.done.actor.rescoreRun') {
        await page.services.settle('rescore', { output: event.output });
        page.navigated = true;
      } else await page.services.settle('rescore', { error: event.error });
    },
    expectInitialScreen: false,
    expectScreen(state) {
      const button = screen.getByRole('button', { name: state.hasTag('busy') ? 'Rescoring...' : 'Rescore' }) as HTMLButtonElement;
      expect(button.disabled).toBe(state.hasTag('busy'));
      const alert = screen.queryByText(/^Rescore failed/);
      expect(alert?.textContent ?? null).toBe(state.context.error ? `Rescore failed: ${refusal}` : null);
    },
    afterStep(_, { services, navigated }) {
      // The new run's page follows a rescore.
      expect(services.currentPath()).toBe(navigated ? '/experiment-run-results/13' : '/experiment-run-results/12');
    },
    afterPath(path, { services }) {
      if (path.steps.length > 1) expect(services.last('rescore').args).toEqual([12]);
    },
  });
});

describe('judging from the run page', () => {
  it('links Judge unjudged to the queue and says nothing of the golden set while it is as scored', async () => {
    await openRun(run);
    expect(screen.getByRole('link', { name: 'Judge unjudged' }).getAttribute('href')).toBe('/experiment-run-results/12/judge');
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

  it('offers neither to a run still going', async () => {
    await openRun({ ...run, status: 'running' });
    expect(screen.queryByRole('link', { name: 'Judge unjudged' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rescore' })).toBeNull();
  });
});
