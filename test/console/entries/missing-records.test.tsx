import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { fakeDeps, type ServiceMethod } from '../helpers/fake-deps';
import { renderRoute } from '../helpers/render-console';

// A well-formed id the server has no record of (its call answers 404, which the service turns into
// null) says "not found" in the page's own words, with no actions to press and no empty name in the title.

afterEach(cleanup);

describe.each<[string, ServiceMethod, string, string]>([
  ['/experiment-runs/999999', 'runsOfExperiment', 'Experiment not found', 'Experiment Runs'],
  ['/experiment-run-results/999999', 'findRun', 'Experiment run not found', 'Experiment Run Results'],
  ['/evaluation-scripts/999999/experiments', 'findScript', 'Evaluation script not found', 'Experiments for Script'],
  ['/evaluation-scripts/999999', 'findScript', 'Evaluation script not found', 'Evaluation Script'],
])('%s, which the server does not have', (path, call, text, title) => {
  it(`says "${text}" under "${title}" and offers no action`, async () => {
    const services = fakeDeps();
    renderRoute(services, path);
    await services.settle(call, { output: null });
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(screen.queryAllByRole('button').map((button) => button.textContent)).not.toContainEqual(
      expect.stringMatching(/Run experiment|Export|Try again/),
    );
    expect(screen.queryByRole('table')).toBeNull();
  });
});
