import { afterEach, describe, expect } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { changeRoleMachine } from '../../../src/machines/admin/change-role.machine';
import type { Account, Role } from '../../../src/domain/admin/account-types';
import { latestAccount } from '../../../src/domain/admin/account-form';
import { RefusalError } from '../../../src/domain/shared/error-message';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderAccounts } from '../helpers/render-accounts';
import { possibleEvents, replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: every shortest path of the real change-role machine, replayed on the Accounts page. A role
// chosen in a row's select shows at once and is saved (every select waits meanwhile); the server's answer stays
// in the row without fetching the list again; a refusal (the last admin) restores the server's role and says why.

afterEach(cleanup);

type Snapshot = SnapshotFrom<typeof changeRoleMachine>;
type ModelEvent = EventFromLogic<typeof changeRoleMachine> | ActorDone<'saveRole', Account> | ActorError<'saveRole', Error>;

const listed: Account[] = [
  { username: 'admin', role: 'admin', created_at: '2026-03-01T09:30:00Z', updated_at: '2026-03-01T09:30:00Z' },
  { username: 'ada', role: 'curator', created_at: '2026-03-01T09:30:00Z', updated_at: '2026-03-01T09:30:00Z' },
];
const lastAdmin = new RefusalError('admin is the last admin: make another account admin first');
/** The choices a person makes: demote the only admin, promote or demote ada. */
const choices: Array<{ username: string; role: Role }> = [
  { username: 'admin', role: 'curator' },
  { username: 'ada', role: 'admin' },
  { username: 'ada', role: 'viewer' },
];

/** The account as its row shows it in this state: the view's own rule. */
const shown = (state: Snapshot, username: string) =>
  latestAccount(
    listed.find((account) => account.username === username)!,
    state.context.changed[username],
  );

function eventsFor(state: Snapshot): ModelEvent[] {
  const events: ModelEvent[] = choices.map(({ username, role }) => ({ type: 'user.changeRole', account: shown(state, username), role }));
  const pending = state.context.pending;
  if (state.matches('saving') && pending) {
    const answer = { ...shown(state, pending.username), role: pending.role, updated_at: '2026-03-02T10:00:00Z' };
    events.push({ type: 'xstate.done.actor.saveRole', output: answer }, { type: 'xstate.error.actor.saveRole', error: lastAdmin });
  }
  return possibleEvents(state, events);
}

const describeEvent = (event: ModelEvent) =>
  event.type === 'user.changeRole'
    ? `${event.account.username} → ${event.role}`
    : event.type === 'xstate.done.actor.saveRole'
      ? 'saved'
      : 'refused';

async function perform(event: ModelEvent, services: FakeDeps) {
  switch (event.type) {
    case 'user.changeRole':
      return fireEvent.change(screen.getByRole('combobox', { name: `Role of ${event.account.username}` }), {
        target: { value: event.role },
      });
    case 'xstate.done.actor.saveRole':
      return services.settle('changeAccountRole', { output: event.output });
    case 'xstate.error.actor.saveRole':
      return services.settle('changeAccountRole', { error: event.error });
  }
}

function expectScreen(state: Snapshot) {
  const saving = state.matches('saving');
  for (const { username } of listed) {
    const select = screen.getByRole('combobox', { name: `Role of ${username}` }) as HTMLSelectElement;
    const pending = state.context.pending?.username === username ? state.context.pending.role : null;
    expect(select.value).toBe(pending ?? shown(state, username).role);
    expect(select.disabled).toBe(saving);
  }
  const error = state.context.error;
  expect(screen.queryByRole('alert')?.textContent ?? null).toBe(
    error && `Could not change the role of ${error.username}: ${error.message}`,
  );
}

describe('a role changed in place', () => {
  replayShortestPaths(changeRoleMachine, {
    events: eventsFor,
    serializeState: (state, event) => JSON.stringify({ value: state.value, context: state.context, by: event && describeEvent(event) }),
    paths: { atLeast: 32 },
    describeEvent,
    name: (path, route) => `reaches ${String(path.state.value)} via ${route || 'nothing'}`,
    async setup() {
      const services = fakeDeps();
      await renderAccounts(services);
      await services.settle('accountRows', { output: { items: listed, total: 2 } });
      return services;
    },
    perform: (event, services) => perform(event, services),
    expectScreen: (state) => expectScreen(state),
    afterPerform({ event }, services) {
      if (event.type === 'user.changeRole') expect(services.last('changeAccountRole').args).toEqual([event.account.username, event.role]);
    },
    afterPath(_, services) {
      // A role change never fetches the list again.
      expect(services.calls('accountRows')).toBe(1);
    },
  });
});
