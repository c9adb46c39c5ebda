import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createActor, fromPromise } from 'xstate';
import { App } from '../../src/App';
import { authMachine } from '../../src/machines/auth.machine';
import type { AuthUser } from '../../src/domain/auth-user';
import { currentEntry } from '../../src/domain/navigation';
import { createConsoleLogic } from '../../src/logic/console-logic';
import { fakeDeps } from './helpers/fake-deps';

afterEach(cleanup);

function signedInConsole(path: string) {
  const auth = createActor(
    authMachine.provide({
      actors: { restoreSession: fromPromise<AuthUser | null>(async () => ({ sub: 'ada', name: 'Ada Admin' })) },
      actions: { replaceAddress: () => undefined, forgetSession: () => undefined },
    }),
    { input: { url: `http://console.test${path}` } },
  ).start();
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <App auth={auth} logic={createConsoleLogic(fakeDeps())} />
    </Router>,
  );
  return location;
}

describe('shell', () => {
  it('has the product title and the entries (the six of the spec and the Catalogue), the current one marked', async () => {
    signedInConsole('/datasets/3/edit');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('heading', { level: 1 }).textContent).toBe('Search Evaluation Console');
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/'],
      ['Datasets', '/datasets'],
      ['Dataset Entries', '/dataset-entries'],
      ['Golden Sets', '/golden-sets'],
      ['Catalogue', '/catalogue'],
      ['Experiments', '/experiments'],
      ['Evaluation Scripts', '/evaluation-scripts'],
    ]);
    expect(links.filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.textContent)).toEqual(['Datasets']);
    expect(screen.getByRole('button', { name: 'User menu for Ada Admin' })).toBeTruthy();
  });

  it('moves the highlight with the route and shows the screen of each entry', async () => {
    const location = signedInConsole('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { current: 'page' }).textContent).toBe('Dashboard');
    expect(await screen.findByText('Loading dashboard...')).toBeTruthy();
    act(() => location.navigate('/golden-sets'));
    expect(await screen.findByRole('heading', { name: 'Golden Sets' })).toBeTruthy();
    expect(within(nav).getByRole('link', { current: 'page' }).textContent).toBe('Golden Sets');
    act(() => location.navigate('/experiments'));
    expect(await screen.findByRole('heading', { name: 'Experiments' })).toBeTruthy();
    expect(screen.getByLabelText('Filter by Script')).toBeTruthy();
    expect(within(nav).getByRole('link', { current: 'page' }).textContent).toBe('Experiments');
  });

  it.each([
    ['/', '/'],
    ['/datasets', '/datasets'],
    ['/datasets/9/edit', '/datasets'],
    ['/dataset-entries/4/edit', '/dataset-entries'],
    ['/datasets-old', undefined],
    ['/evaluations', undefined],
    ['/experiment-runs/4', '/experiments'],
    ['/experiment-run-results/12', '/experiments'],
    ['/experiment-run-result-details/31', '/experiments'],
    ['/experiment-runs-old', undefined],
    ['/catalogue', '/catalogue'],
    ['/catalogue/products/P-1', '/catalogue'],
  ])('%s belongs to %s', (path, entry) => {
    expect(currentEntry(path)).toBe(entry);
  });
});
