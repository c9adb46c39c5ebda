import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../../../src/App';
import { currentEntry } from '../../../src/domain/shell/navigation';
import type { Me } from '../../../src/domain/shell/roles';
import { createConsoleLogic } from '../../../src/logic/console-logic';
import { fakeDeps } from '../helpers/fake-deps';
import { adminMe, signedInAuth } from '../helpers/fake-me';

afterEach(cleanup);

function signedInConsole(path: string, me: Me = adminMe) {
  const { actor: auth } = signedInAuth(me);
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <App auth={auth} logic={createConsoleLogic(fakeDeps())} />
    </Router>,
  );
  return location;
}

describe('shell', () => {
  it('has the product title and the entries (the six of the spec, the Catalogue, Evaluations, Model Judges, API keys, and an admin’s Accounts and Audit), the current one marked', async () => {
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
      ['Evaluations', '/evaluations'],
      ['Evaluation Scripts', '/evaluation-scripts'],
      ['Model Judges', '/model-judges'],
      ['API keys', '/api-keys'],
      ['Accounts', '/accounts'],
      ['Audit', '/audit'],
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
    ['viewer', 'Vic Viewer · Viewer'],
    ['curator', 'Cora Curator · Curator'],
  ] as const)('shows a %s no Accounts or Audit, and who they are beside the user menu', async (role, identity) => {
    const name = identity.split(' · ')[0];
    signedInConsole('/datasets', { sub: role, name, role, local_account: true });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await screen.findByRole('heading', { name: 'Datasets' })).toBeTruthy();
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toContain('Evaluation Scripts');
    expect(labels).not.toContain('Accounts');
    expect(labels).not.toContain('Audit');
    expect(screen.getByText(identity)).toBeTruthy();
  });

  it('shows a sign-in that carries no role a sentence saying so, and no screen', async () => {
    signedInConsole('/datasets', { sub: 'nobody', name: 'Nora', role: null, local_account: false });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You are signed in as Nora, but your sign-in carries no role in this console, so it can show you nothing. ' +
        'Ask an admin to give you one: viewer, curator or admin.',
    );
    expect(screen.queryByRole('heading', { name: 'Datasets' })).toBeNull();
    expect(screen.getByText('Nora · No role')).toBeTruthy();
  });

  it('says when who is signed in cannot be found out, and asks again on Try again', async () => {
    let answers = 0;
    const { actor: auth } = signedInAuth(async () => {
      answers += 1;
      if (answers === 1) throw new Error('The server answered 502 Bad Gateway');
      return adminMe;
    });
    const location = memoryLocation({ path: '/golden-sets', record: true });
    render(
      <Router hook={location.hook} searchHook={location.searchHook}>
        <App auth={auth} logic={createConsoleLogic(fakeDeps())} />
      </Router>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Could not find out who is signed in. The server answered 502 Bad Gateway');
    expect(screen.queryByRole('heading', { name: 'Golden Sets' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Golden Sets' })).toBeTruthy();
    expect(answers).toBe(2);
  });

  it.each([
    ['/', '/'],
    ['/datasets', '/datasets'],
    ['/datasets/9/edit', '/datasets'],
    ['/dataset-entries/4/edit', '/dataset-entries'],
    ['/datasets-old', undefined],
    ['/evaluations/new', '/evaluations'],
    ['/test-case/7', '/evaluations'],
    ['/evaluations-old', undefined],
    ['/experiment-runs/4', '/experiments'],
    ['/experiment-run-results/12', '/experiments'],
    ['/experiment-run-result-details/31', '/experiments'],
    ['/experiment-runs-old', undefined],
    ['/catalogue', '/catalogue'],
    ['/catalogue/products/P-1', '/catalogue'],
    ['/accounts', '/accounts'],
    ['/audit', '/audit'],
  ])('%s belongs to %s', (path, entry) => {
    expect(currentEntry(path)).toBe(entry);
  });
});
