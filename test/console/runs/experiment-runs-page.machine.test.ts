import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { experimentRunsPageMachine } from '../../../src/machines/runs/experiment-runs-page.machine';
import { resourceMachine } from '../../../src/machines/shared/resource.machine';
import { runProgressMachine } from '../../../src/machines/runs/run-progress.machine';
import type { ExperimentRun } from '../../../src/domain/experiments/evaluation-backend-types';

// The experiment runs page machine and the one-record machine's reload: stepped with fakes whose answers
// the test gives, asserting states and context.

type Answer = { resolve(value: unknown): void; reject(error: unknown): void; input: unknown };

function deferredActor<Output = unknown, Input = unknown>() {
  const calls: Answer[] = [];
  const logic = fromPromise<Output, Input>(
    ({ input }) => new Promise<Output>((resolve, reject) => calls.push({ input, resolve: resolve as (value: unknown) => void, reject })),
  );
  return { logic, calls };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const run = (id: number, status: string): ExperimentRun => ({
  id,
  evaluation_script_name: 'Golden set relevance',
  tags: [],
  status,
  total_cost: 0,
  created_at: '2026-03-03T10:00:00.000Z',
  updated_at: '2026-03-03T10:00:00.000Z',
  progress: { done: 1, total: 2 },
  error: null,
});

describe('resource machine: reload from a parent', () => {
  function start() {
    const fetch = deferredActor<unknown, { id: number }>();
    const actor = createActor(resourceMachine.provide({ actors: { fetchResource: fetch.logic } }), { input: { id: 3 } }).start();
    return { actor, fetch };
  }

  it('keeps the loaded data shown while it fetches again, then shows the new data', async () => {
    const { actor, fetch } = start();
    fetch.calls[0].resolve([run(1, 'success')]);
    await flush();
    actor.send({ type: 'reload' });
    expect(actor.getSnapshot().value).toBe('refreshing');
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(actor.getSnapshot().context.data).toEqual([run(1, 'success')]);
    fetch.calls[1].resolve([run(2, 'pending'), run(1, 'success')]);
    await flush();
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context.data).toEqual([run(2, 'pending'), run(1, 'success')]);
  });

  it('starts a fetch in flight again: its answer may predate the change', async () => {
    const { actor, fetch } = start();
    actor.send({ type: 'reload' });
    expect(fetch.calls).toHaveLength(2);
    fetch.calls[0].resolve([]);
    await flush();
    expect(actor.getSnapshot().value).toBe('loading');
    fetch.calls[1].resolve([run(1, 'pending')]);
    await flush();
    expect(actor.getSnapshot().value).toBe('loaded');
  });

  it('reloads an empty or failed resource with Loading...', async () => {
    const { actor, fetch } = start();
    fetch.calls[0].resolve([]);
    await flush();
    actor.send({ type: 'reload' });
    expect(actor.getSnapshot().value).toBe('loading');
    fetch.calls[1].reject(new Error('Bad Gateway'));
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'reload' });
    expect(actor.getSnapshot().value).toBe('loading');
  });

  it('shows the failure of a refresh', async () => {
    const { actor, fetch } = start();
    fetch.calls[0].resolve([run(1, 'success')]);
    await flush();
    actor.send({ type: 'reload' });
    fetch.calls[1].reject(new Error('Bad Gateway'));
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('Bad Gateway');
  });
});

describe('experiment runs page machine', () => {
  function start(delays: { pollInterval?: number } = {}) {
    const fetchRuns = deferredActor<unknown, { id: number }>();
    const startRun = deferredActor<ExperimentRun, { experimentId: number; tags: string[] }>();
    const fetchRun = deferredActor<ExperimentRun, { runId: number }>();
    const actor = createActor(
      experimentRunsPageMachine.provide({
        actors: {
          runList: resourceMachine.provide({ actors: { fetchResource: fetchRuns.logic } }),
          runProgress: runProgressMachine.provide({
            actors: {
              startRun: startRun.logic,
              fetchRun: fetchRun.logic,
              cancelRun: deferredActor<ExperimentRun, { runId: number }>().logic,
            },
            delays: { pollInterval: delays.pollInterval ?? 60_000 },
          }),
        },
      }),
      { input: { experimentId: 4 } },
    ).start();
    const progress = () => actor.getSnapshot().context.runProgress;
    const list = () => actor.getSnapshot().context.runList;
    return { actor, fetchRuns, startRun, fetchRun, progress, list };
  }

  it('fetches the experiment’s runs and watches the newest one still going', async () => {
    const { fetchRuns, progress } = start();
    expect(fetchRuns.calls[0].input).toEqual({ id: 4 });
    expect(progress().getSnapshot().value).toBe('idle');
    fetchRuns.calls[0].resolve([run(9, 'success'), run(8, 'running'), run(7, 'pending')]);
    await flush();
    expect(progress().getSnapshot().matches('watching')).toBe(true);
    expect(progress().getSnapshot().context.run?.id).toBe(8);
  });

  it('watches nothing when every run has ended', async () => {
    const { fetchRuns, progress } = start();
    fetchRuns.calls[0].resolve([run(9, 'success'), run(8, 'failed')]);
    await flush();
    expect(progress().getSnapshot().value).toBe('idle');
  });

  it('reloads the list when a run starts, keeping the rows shown', async () => {
    const { fetchRuns, startRun, progress, list } = start();
    fetchRuns.calls[0].resolve([run(9, 'success')]);
    await flush();
    progress().send({ type: 'user.startRun' });
    expect(startRun.calls[0].input).toEqual({ experimentId: 4, tags: [] });
    startRun.calls[0].resolve(run(10, 'pending'));
    await flush();
    expect(fetchRuns.calls).toHaveLength(2);
    expect(list().getSnapshot().value).toBe('refreshing');
    expect(list().getSnapshot().context.data).toEqual([run(9, 'success')]);
    fetchRuns.calls[1].resolve([run(10, 'pending'), run(9, 'success')]);
    await flush();
    expect(progress().getSnapshot().context.run?.id).toBe(10);
  });

  it('reloads the list when the run ends, and the stale row shown during the refresh does not restart the watch', async () => {
    const { fetchRuns, fetchRun, progress, list } = start({ pollInterval: 0 });
    fetchRuns.calls[0].resolve([run(8, 'running')]);
    await flush();
    await flush();
    expect(fetchRun.calls.map((call) => call.input)).toEqual([{ runId: 8 }]);
    fetchRun.calls[0].resolve(run(8, 'success'));
    await flush();
    expect(progress().getSnapshot().value).toBe('ended');
    expect(fetchRuns.calls).toHaveLength(2);
    expect(list().getSnapshot().context.data).toEqual([run(8, 'running')]);
    await flush();
    expect(progress().getSnapshot().value).toBe('ended');
    fetchRuns.calls[1].resolve([run(8, 'success')]);
    await flush();
    expect(progress().getSnapshot().value).toBe('ended');
    expect(fetchRun.calls).toHaveLength(1);
  });

  it('watches a run another person started when the list shows it after a run ended', async () => {
    const { fetchRuns, fetchRun, progress } = start({ pollInterval: 0 });
    fetchRuns.calls[0].resolve([run(8, 'running')]);
    await flush();
    await flush();
    fetchRun.calls[0].resolve(run(8, 'cancelled'));
    await flush();
    fetchRuns.calls[1].resolve([run(11, 'pending'), run(8, 'cancelled')]);
    await flush();
    expect(progress().getSnapshot().matches('watching')).toBe(true);
    expect(progress().getSnapshot().context.run?.id).toBe(11);
  });
});
