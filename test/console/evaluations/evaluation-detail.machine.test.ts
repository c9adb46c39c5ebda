import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { sampleEvaluationResults } from '../../../src/fixtures/evaluation-results';
import { sampleEvaluations } from '../../../src/fixtures/evaluations';
import { evaluationDetailMachine, type LoadedEvaluation } from '../../../src/machines/evaluations/evaluation-detail.machine';
import { loadSampleEvaluation } from '../../../src/services/sample-evaluations';

afterEach(() => {
  vi.useRealTimers();
});

const loaded: LoadedEvaluation = { evaluation: sampleEvaluations[3], results: sampleEvaluationResults.slice(0, 3) };

function start(load: (input: { evaluationId: string }) => Promise<LoadedEvaluation>) {
  const navigateTo = vi.fn();
  const logic = evaluationDetailMachine.provide({
    actors: { loadEvaluation: fromPromise(({ input }: { input: { evaluationId: string } }) => load(input)) },
    actions: { navigateTo: (_, params: { path: string }) => navigateTo(params.path) },
  });
  const actor = createActor(logic, { input: { evaluationId: '5', page: 2 } }).start();
  return { actor, navigateTo };
}

describe('evaluation detail machine', () => {
  it('loads (busy) and then shows the results', async () => {
    const load = vi.fn(async () => loaded);
    const { actor } = start(load);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const snapshot = await waitFor(actor, (state) => state.matches('loaded'));
    expect(load).toHaveBeenCalledWith({ evaluationId: '5' });
    expect(snapshot.hasTag('loaded')).toBe(true);
    expect(snapshot.context).toEqual({ evaluationId: '5', page: 2, evaluation: loaded.evaluation, results: loaded.results, error: null });
  });

  it('shows what went wrong when the load fails', async () => {
    const { actor } = start(async () => {
      throw new Error('No evaluation with ID 5.');
    });
    const snapshot = await waitFor(actor, (state) => state.matches('failed'));
    expect(snapshot.hasTag('failed')).toBe(true);
    expect(snapshot.context.error).toBe('No evaluation with ID 5.');
  });

  it('falls back to a general message for a failure without one', async () => {
    const { actor } = start(() => Promise.reject('boom'));
    const snapshot = await waitFor(actor, (state) => state.matches('failed'));
    expect(snapshot.context.error).toBe('The evaluation could not be loaded.');
  });

  it.each(['loading', 'loaded', 'failed'] as const)('goes back to the list at its page from %s', async (state) => {
    const { actor, navigateTo } = start(() =>
      state === 'failed' ? Promise.reject(new Error('gone')) : state === 'loaded' ? Promise.resolve(loaded) : new Promise(() => {}),
    );
    await waitFor(actor, (snapshot) => snapshot.matches(state));
    actor.send({ type: 'user.back' });
    expect(navigateTo).toHaveBeenCalledWith('/evaluations?page=2');
    expect(actor.getSnapshot().value).toBe(state);
  });

  it('stays loading for the 1 second fake load of the real sample loader', async () => {
    vi.useFakeTimers();
    const { actor } = start(({ evaluationId }) => loadSampleEvaluation(evaluationId));
    await vi.advanceTimersByTimeAsync(999);
    expect(actor.getSnapshot().value).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context.evaluation?.name).toBe('Typo tolerance, France');
    expect(actor.getSnapshot().context.results).toHaveLength(179);
  });

  it('has placeholder actors that say they were not provided', async () => {
    const actor = createActor(evaluationDetailMachine, { input: { evaluationId: '1', page: 1 } }).start();
    const snapshot = await waitFor(actor, (state) => state.matches('failed'));
    expect(snapshot.context.error).toBe('loadEvaluation not provided');
  });
});
