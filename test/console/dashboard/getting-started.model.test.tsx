import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { SnapshotFrom } from 'xstate';
import type { GettingStartedStatus } from '../../../src/domain/dashboard/getting-started';
import { gettingStartedMachine } from '../../../src/machines/dashboard/getting-started.machine';
import { DashboardPage } from '../../../src/views/dashboard/DashboardPage';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: the "Get started" checklist's paths replayed on the Dashboard at /, in a browser that has not
// dismissed it; then a browser that has.

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

type Snapshot = SnapshotFrom<typeof gettingStartedMachine>;
type ModelEvent = { type: 'user.dismiss' } | ActorDone<'fetchSteps', GettingStartedStatus[]> | ActorError<'fetchSteps', Error>;

const KEYS = ['queries', 'catalogue', 'golden_set', 'experiment', 'run', 'compare', 'judge'] as const;
const statuses = (...done: string[]): GettingStartedStatus[] => KEYS.map((key) => ({ key, done: done.includes(key) }));
const someDone = statuses('queries', 'golden_set');
const allDone = statuses(...KEYS);

const EXPECTED_LINKS = [
  ['Add test queries, done', '/dataset-entries'],
  ['Import a catalogue, to do', '/catalogue'],
  ['Upload a golden set, done', '/golden-sets'],
  ['Create an experiment, to do', '/experiments/new'],
  ['Run it, to do', '/experiments'],
  ['Compare two runs, to do', '/compare'],
  ['Judge a result, to do', '/golden-sets'],
];

async function perform(event: ModelEvent, services: FakeDeps) {
  if (event.type === 'user.dismiss') fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
  else if (event.type === 'xstate.done.actor.fetchSteps') await services.settle('fetchSteps', { output: event.output });
  else await services.settle('fetchSteps', { error: event.error });
}

function expectScreen(state: Snapshot) {
  const checklist = screen.queryByRole('list', { name: 'Get started' });
  expect(checklist !== null).toBe(state.matches('shown'));
  if (!checklist) return;
  expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Get started (2 of 7 done)');
  const links = within(checklist).getAllByRole('link');
  expect(links.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual(EXPECTED_LINKS);
  expect(links.map((link) => link.textContent)).toEqual(EXPECTED_LINKS.map(([name]) => name.replace(/, (done|to do)$/, '')));
  expect(
    within(checklist)
      .getAllByRole('listitem')
      .map((item) => item.getAttribute('data-done')),
  ).toEqual(someDone.map((step) => String(step.done)));
}

describe('getting-started checklist paths', () => {
  replayShortestPaths(gettingStartedMachine.provide({ guards: { wasDismissed: () => false } }), {
    events: (state): ModelEvent[] =>
      state.matches('loading')
        ? [
            { type: 'xstate.done.actor.fetchSteps', output: someDone },
            { type: 'xstate.done.actor.fetchSteps', output: allDone },
            { type: 'xstate.error.actor.fetchSteps', error: new Error('The server could not be reached.') },
          ]
        : state.matches('shown')
          ? [{ type: 'user.dismiss' }]
          : [],
    serializeState: (state) => JSON.stringify(state.value),
    paths: { atLeast: 5 },
    name: (path, route) => `reaches ${String(path.state.value)} via ${route || 'nothing'}`,
    setup() {
      const services = fakeDeps();
      renderWithLogic(services, '/', <DashboardPage />);
      return services;
    },
    perform: (event, services) => perform(event, services),
    expectScreen: (state) => expectScreen(state),
  });

  it('remembers a dismissal in this browser: the next dashboard neither shows nor asks for the steps', async () => {
    const first = fakeDeps();
    renderWithLogic(first, '/', <DashboardPage />);
    await first.settle('fetchSteps', { output: someDone });
    const dismiss = screen.getByRole('button', { name: 'Dismiss' });
    expect(dismiss.closest('section')!.textContent).toContain('Dismissing hides this checklist in this browser only');
    fireEvent.click(dismiss);
    expect(screen.queryByRole('list', { name: 'Get started' })).toBeNull();
    cleanup();

    const again = fakeDeps();
    renderWithLogic(again, '/', <DashboardPage />);
    expect(again.calls('fetchSteps')).toBe(0);
    expect(screen.queryByRole('list', { name: 'Get started' })).toBeNull();
  });

  it('is reached by keyboard: Dismiss, then a link per step in order', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/', <DashboardPage />);
    await services.settle('fetchSteps', { output: someDone });
    const section = screen.getByRole('region', { name: 'Get started (2 of 7 done)' });
    const focusable = [...section.querySelectorAll<HTMLElement>('a[href], button')].filter((el) => el.tabIndex >= 0);
    expect(focusable.map((el) => el.getAttribute('aria-label') ?? el.textContent)).toEqual([
      'Dismiss',
      ...EXPECTED_LINKS.map(([name]) => name),
    ]);
    expect(screen.getByRole('list', { name: 'Get started' }).tagName).toBe('OL');
  });
});
