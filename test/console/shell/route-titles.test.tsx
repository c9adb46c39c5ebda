import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeDeps } from '../helpers/fake-deps';
import { renderRoute } from '../helpers/render-console';

// Every route names itself in the tab, and an unknown address says so with a way back.

afterEach(cleanup);

describe('document titles', () => {
  it.each([
    ['/', 'Dashboard · Search Evaluation Console'],
    ['/datasets', 'Datasets · Search Evaluation Console'],
    ['/datasets/7/edit', 'Edit Dataset · Search Evaluation Console'],
    ['/dataset-entries', 'Dataset Entries · Search Evaluation Console'],
    ['/dataset-entries/3/edit', 'Edit Dataset Entry · Search Evaluation Console'],
    ['/golden-sets', 'Golden Sets · Search Evaluation Console'],
    ['/golden-sets/4?query=red%20sofa', 'Golden Set · Search Evaluation Console'],
    ['/catalogue', 'Catalogue · Search Evaluation Console'],
    ['/catalogue/products/P-1', 'Product · Search Evaluation Console'],
    ['/evaluations', 'Evaluations · Search Evaluation Console'],
    ['/evaluations/new', 'New Evaluation · Search Evaluation Console'],
    ['/experiments', 'Experiments · Search Evaluation Console'],
    ['/evaluation-scripts', 'Evaluation Scripts · Search Evaluation Console'],
    ['/evaluation-scripts/2', 'Evaluation Script · Search Evaluation Console'],
    ['/experiment-runs/4', 'Experiment Runs · Search Evaluation Console'],
    ['/experiment-run-results/5', 'Run Results · Search Evaluation Console'],
    ['/compare/pair?baseline_result=7&candidate_result=9', 'Compare a Query · Search Evaluation Console'],
    ['/compare?baseline=1&candidate=2', 'Compare Runs · Search Evaluation Console'],
    ['/audit?action=account.create', 'Audit trail · Search Evaluation Console'],
    ['/no-such-page', 'Page not found · Search Evaluation Console'],
  ])('%s is titled "%s"', async (path, title) => {
    renderRoute(fakeDeps(), path);
    await waitFor(() => expect(document.title).toBe(title));
  });
});

describe('an address with no page', () => {
  it('says the page was not found, names the address and leads back to the dashboard', async () => {
    const fake = fakeDeps();
    renderRoute(fake, '/no-such-page');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Page not found');
    expect(screen.getByText(/There is no page at \/no-such-page\./)).toBeTruthy();
    expect(screen.queryByText(/Coming soon/)).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Go to the Dashboard' }));
    expect(fake.currentPath()).toBe('/');
  });
});
