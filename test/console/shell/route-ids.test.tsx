import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { fakeDeps } from '../helpers/fake-deps';
import { renderRoute } from '../helpers/render-console';

// Missing identifiers, through the real route table: an `:id` that is not a positive integer is
// parsed once to null, and the page's machine goes straight to its not-found state, asking the server nothing.

afterEach(cleanup);

describe('an id that is no positive integer', () => {
  it('says "Invalid golden set ID" for /golden-sets/abc without a call', async () => {
    const malformed = fakeDeps();
    renderRoute(malformed, '/golden-sets/abc?query=red%20sofa');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid golden set ID');
    expect(malformed.calledMethods()).toEqual([]);
  });

  it('shows "Dataset not found" for /datasets/abc/edit, as for a dataset the server does not have, without a call', async () => {
    const missing = fakeDeps();
    renderRoute(missing, '/datasets/999999/edit');
    expect((await vi.waitFor(() => missing.last('findDataset'))).args).toEqual([999999]);
    await missing.settle('findDataset', { output: null });
    const expected = screen.getByRole('status').closest('div')!.innerHTML;
    expect(screen.getByRole('status').textContent).toBe('Dataset not found');
    cleanup();

    const malformed = fakeDeps();
    renderRoute(malformed, '/datasets/abc/edit');
    expect((await screen.findByRole('status')).textContent).toBe('Dataset not found');
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/datasets');
    expect(screen.getByRole('status').closest('div')!.innerHTML).toBe(expected);
    expect(malformed.calledMethods()).toEqual([]);
  });

  it('shows "Dataset entry not found" for /dataset-entries/abc/edit, as for an entry the server does not have, without a call', async () => {
    const missing = fakeDeps();
    renderRoute(missing, '/dataset-entries/999999/edit');
    await screen.findByRole('status');
    await missing.settle('findEntry', { output: null });
    const expected = screen.getByRole('status').closest('div')!.innerHTML;
    expect(screen.getByRole('status').textContent).toBe('Dataset entry not found');
    cleanup();

    const malformed = fakeDeps();
    renderRoute(malformed, '/dataset-entries/abc/edit');
    expect((await screen.findByRole('status')).textContent).toBe('Dataset entry not found');
    expect(screen.getByRole('status').closest('div')!.innerHTML).toBe(expected);
    expect(malformed.calledMethods()).toEqual([]);
  });

  it.each([
    ['/datasets/0/edit', 'Dataset not found'],
    ['/dataset-entries/-2/edit', 'Dataset entry not found'],
    ['/evaluation-scripts/1.5', 'Invalid evaluation script ID'],
    ['/evaluation-scripts/abc/experiments', 'Invalid evaluation script ID'],
    ['/evaluation-scripts/experiments', 'No script ID provided.'],
    ['/experiment-runs/12x', 'Invalid experiment ID'],
    ['/experiment-runs', 'Invalid experiment ID'],
    ['/experiment-run-results/abc', 'Invalid experiment run ID'],
    ['/experiment-run-results', 'Invalid experiment run ID'],
  ])('%s says %j and asks the server nothing', async (path, text) => {
    const services = fakeDeps();
    renderRoute(services, path);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(services.calledMethods()).toEqual([]);
  });
});
