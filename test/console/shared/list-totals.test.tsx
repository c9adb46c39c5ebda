import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { EvaluationScript, GoldenSet } from '../../../src/domain/experiments/evaluation-backend-types';
import type { ExperimentRow } from '../../../src/domain/experiments/script-names';
import { EvaluationScriptsPage } from '../../../src/views/experiments/EvaluationScriptsPage';
import { ExperimentsPage } from '../../../src/views/experiments/ExperimentsPage';
import { GoldenSetsPage } from '../../../src/views/golden-sets/GoldenSetsPage';
import { fakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';

// The lists of every golden set, experiment and script show the server's total above the table and
// 'Page x of y', as the entries list does (the Datasets list's are walked in datasets-list.model.test.tsx).

afterEach(cleanup);

const goldenSet = { id: 2, name: 'Golden set — France', market: 'FR', query_count: 1, judgement_count: 1 } as GoldenSet;
const experiment = {
  id: 8,
  name: 'BM25 baseline',
  evaluation_script_id: 3,
  evaluation_script_name: 'Golden set relevance',
} as ExperimentRow;
const script = { id: 3, name: 'Golden set relevance', description: '', cost_per_evaluation: 0.0002 } as EvaluationScript;

describe('the totals of the lists', () => {
  it('Golden Sets: "2 golden sets" and "Page 1 of 1"', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/golden-sets', <GoldenSetsPage />);
    await services.settle('goldenSetRows', { output: { items: [goldenSet, { ...goldenSet, id: 3 }], total: 2 } });
    expect(screen.getByText('2 golden sets')).toBeTruthy();
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
  });

  it('Experiments: every script’s, then one script’s', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/experiments', <ExperimentsPage />);
    await services.settle('experimentRows', { output: { items: [experiment], total: 41 } });
    expect(screen.getByText('41 experiments')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    cleanup();
    const oneScript = fakeDeps();
    renderWithLogic(oneScript, '/experiments?script=3', <ExperimentsPage />);
    await oneScript.settle('scriptExperimentRows', { output: { items: [experiment], total: 1 } });
    expect(screen.getByText('1 experiment')).toBeTruthy();
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
  });

  it('Evaluation Scripts: "21 evaluation scripts" on page 2 of 2', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/evaluation-scripts?page=2', <EvaluationScriptsPage />);
    await services.settle('scriptRows', { output: { items: [script], total: 21 } });
    expect(screen.getByText('21 evaluation scripts')).toBeTruthy();
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
  });
});
