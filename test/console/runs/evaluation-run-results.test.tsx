import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import type { ExperimentRunDetails } from '../../../src/domain/experiments/evaluation-backend-types';
import { POLL_INTERVAL_MS } from '../../../src/machines/runs/run-progress.machine';
import { RunResultsPage } from '../../../src/views/runs/RunResultsPage';
import { fakeDeps } from '../helpers/fake-deps';
import { finishedRun } from '../helpers/finished-run';
import { renderWithLogic } from '../helpers/render-console';

// The results page of an evaluation's run (rankings made elsewhere: no experiment): it leads back to the
// evaluation, offers no rescore (the server refuses one), and follows the run while it is scored, as any run's.

const evaluationRun = (changes: Partial<ExperimentRunDetails> = {}) =>
  finishedRun(30, {
    experiment_id: null,
    evaluation: { id: 5, name: 'Vendor re-ranker, March' },
    config: { k: 10, gain: 'linear', relevant_from: 1, golden_set_id: 4 },
    golden_set_id: 4,
    ...changes,
  });

describe("an evaluation's run on /experiment-run-results/{id}", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('leads back to its evaluation, not to an experiment, and says why it cannot be rescored', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/experiment-run-results/30', <RunResultsPage id={30} />);
    await services.settle('findRun', { output: evaluationRun() });
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs.textContent).toBe('Evaluations › Vendor re-ranker, March › Run 30');
    expect(within(crumbs).getByRole('link', { name: 'Vendor re-ranker, March' }).getAttribute('href')).toBe('/evaluations/5');
    expect(within(crumbs).getByRole('link', { name: 'Evaluations' }).getAttribute('href')).toBe('/evaluations');
    expect(screen.queryByRole('link', { name: /Experiment/ })).toBeNull();
    expect((screen.getByRole('button', { name: 'Rescore' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("This run holds an evaluation's scores: upload the ranking again to score it anew.")).toBeTruthy();
  });

  it('follows it while it is scored, then shows its final figures', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/experiment-run-results/30', <RunResultsPage id={30} />);
    await services.settle('findRun', { output: evaluationRun({ status: 'running', progress: { done: 40, total: 120 } }) });
    const panel = screen.getByRole('region', { name: 'Run 30' });
    expect(within(panel).getByText('40 / 120 entries')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    expect(services.last('getRun').args).toEqual([30]);
    await services.settle('getRun', { output: evaluationRun({ status: 'success', progress: { done: 120, total: 120 } }) });
    expect(within(panel).getByText('Run 30 finished.')).toBeTruthy();
    // Its figures are asked again, once, and show.
    expect(services.calls('findRun')).toBe(2);
    await services.settle('findRun', { output: evaluationRun({ progress: { done: 120, total: 120 } }) });
    await services.settle('runResultRows', { output: { items: [], total: 0 } });
    expect(screen.getByRole('heading', { name: 'Mean metrics' })).toBeTruthy();
  });
});
