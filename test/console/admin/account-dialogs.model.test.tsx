import { afterEach, describe, expect } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createEmptyActor, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { addAccountMachine } from '../../../src/machines/admin/add-account.machine';
import { resetPasswordMachine } from '../../../src/machines/admin/reset-password.machine';
import type { Account } from '../../../src/domain/admin/account-types';
import { isNewAccountReady, isPasswordLongEnough } from '../../../src/domain/admin/account-form';
import { RefusalError } from '../../../src/domain/shared/error-message';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderAccounts } from '../helpers/render-accounts';
import { possibleEvents, replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: every shortest path of the real 'Add account' and 'Reset password' machines, replayed on the
// Accounts page. Typing and clicks for a person's events, the accounts calls settled for the actors' answers;
// at each step the dialog shows the machine's fields, its busy state, its error, and what is sent.

afterEach(cleanup);

const ada: Account = { username: 'ada', role: 'curator', created_at: '2026-03-01T09:30:00Z', updated_at: '2026-03-01T09:30:00Z' };

async function openAccounts() {
  const services = fakeDeps();
  await renderAccounts(services);
  await services.settle('accountRows', { output: { items: [ada], total: 1 } });
  return services;
}

const dialog = () => screen.queryByRole('dialog');
const inDialog = (name: string) => within(screen.getByRole('dialog')).getByRole('button', { name }) as HTMLButtonElement;
const field = (name: string) => within(screen.getByRole('dialog')).getByLabelText(name) as HTMLInputElement;
/** A field's change names the field and its value: `user.change(username=" grace ")`, `user.change(role=admin)`. */
const describeEvent = (event: { type: string; fields?: { username?: string; password?: string; role?: string } }) => {
  if (event.type !== 'user.change' || !event.fields) return event.type;
  const [[field, value]] = Object.entries(event.fields);
  return field === 'role' ? `${event.type}(${field}=${value})` : `${event.type}(${field}=${JSON.stringify(value)})`;
};

describe('Add account: every path', () => {
  type Snapshot = SnapshotFrom<typeof addAccountMachine>;
  type ModelEvent = EventFromLogic<typeof addAccountMachine> | ActorDone<'createAccount', Account> | ActorError<'createAccount', Error>;
  const taken = new RefusalError('An account named "ada" already exists');

  async function perform(event: ModelEvent, services: FakeDeps) {
    switch (event.type) {
      case 'user.open':
        return fireEvent.click(screen.getByRole('button', { name: 'Add account' }));
      case 'user.cancel':
        return fireEvent.click(inDialog('Cancel'));
      case 'user.change': {
        const [[name, value]] = Object.entries(event.fields);
        const label = { username: 'Username*', password: 'Password*', role: 'Role' }[name]!;
        return fireEvent.change(field(label), { target: { value } });
      }
      case 'user.submit':
        return fireEvent.click(inDialog('Add'));
      case 'xstate.done.actor.createAccount':
        return services.settle('createAccount', { output: event.output });
      case 'xstate.error.actor.createAccount':
        return services.settle('createAccount', { error: event.error });
    }
  }

  function expectScreen(state: Snapshot) {
    if (state.matches('closed')) {
      expect(dialog()).toBeNull();
      return;
    }
    expect(screen.getByRole('dialog', { name: 'Add account' })).toBeTruthy();
    const { fields } = state.context;
    expect(field('Username*').value).toBe(fields.username);
    expect(field('Password*').value).toBe(fields.password);
    expect(field('Password*').type).toBe('password');
    expect(field('Role').value).toBe(fields.role);
    const busy = state.matches('saving');
    expect(field('Username*').closest('fieldset')!.disabled).toBe(busy);
    expect(inDialog(busy ? 'Adding...' : 'Add').disabled).toBe(busy || !isNewAccountReady(fields));
    expect(within(screen.getByRole('dialog')).queryByRole('alert')?.textContent ?? null).toBe(state.context.failure);
  }

  replayShortestPaths(addAccountMachine, {
    input: { reloadTarget: createEmptyActor() },
    events: (state) =>
      possibleEvents<ModelEvent>(state, [
        { type: 'user.open' },
        { type: 'user.cancel' },
        { type: 'user.change', fields: { username: ' grace ' } },
        { type: 'user.change', fields: { username: '' } },
        { type: 'user.change', fields: { password: 'hopper-1906' } },
        { type: 'user.change', fields: { password: 'short' } },
        { type: 'user.change', fields: { role: 'admin' } },
        { type: 'user.submit' },
        ...(state.matches('saving')
          ? ([
              { type: 'xstate.done.actor.createAccount', output: { ...ada, username: 'grace' } },
              { type: 'xstate.error.actor.createAccount', error: taken },
            ] satisfies ModelEvent[])
          : []),
      ]),
    // What the server last took (`sent`) is not shown by this dialog: states that differ only there are one.
    serializeState: (state, event, previous) =>
      JSON.stringify({
        value: state.value,
        context: { ...state.context, reloadTarget: null, sent: null },
        from: previous?.value,
        by: event,
      }),
    // A broken generator fails loudly: at least as many paths as the graph yields today.
    paths: { atLeast: 36 },
    describeEvent,
    name: (path, route) => `reaches ${String(path.state.value)} via ${route || 'nothing'}`,
    setup: () => openAccounts(),
    perform: (event, services) => perform(event, services),
    expectScreen: (state) => expectScreen(state),
    afterPerform({ event, state }, services) {
      if (event.type === 'user.submit') {
        // The username trimmed, the password as typed.
        expect(services.last('createAccount').args).toEqual([
          { username: state.context.fields.username.trim(), password: state.context.fields.password, role: state.context.fields.role },
        ]);
      }
    },
    afterStep({ event }, services) {
      // Added: the list is fetched again to show the new account.
      if (event.type === 'xstate.done.actor.createAccount') expect(services.calls('accountRows')).toBe(2);
    },
  });
});

describe('Reset password: every path', () => {
  type Snapshot = SnapshotFrom<typeof resetPasswordMachine>;
  type ModelEvent =
    EventFromLogic<typeof resetPasswordMachine> | { type: 'xstate.done.actor.resetPassword' } | ActorError<'resetPassword', Error>;
  const unknown = new Error('There is no account "ada"');

  async function perform(event: ModelEvent, services: FakeDeps) {
    switch (event.type) {
      case 'user.open':
        return fireEvent.click(screen.getByRole('button', { name: 'Reset password of ada' }));
      case 'user.cancel':
        return fireEvent.click(inDialog('Cancel'));
      case 'user.change':
        return fireEvent.change(field('New password*'), { target: { value: event.fields.password } });
      case 'user.submit':
        return fireEvent.click(inDialog('Reset password'));
      case 'xstate.done.actor.resetPassword':
        return services.settle('resetAccountPassword', { output: undefined });
      case 'xstate.error.actor.resetPassword':
        return services.settle('resetAccountPassword', { error: event.error });
    }
  }

  function expectScreen(state: Snapshot) {
    const notice = document.querySelector('[aria-live="polite"]')!;
    if (state.matches('closed')) {
      expect(dialog()).toBeNull();
      expect(notice.textContent).toBe(
        state.context.sent ? `The password of ${state.context.sent.username} was reset: they are signed out everywhere.` : '',
      );
      return;
    }
    expect(screen.getByRole('dialog', { name: 'Reset the password of ada' })).toBeTruthy();
    expect(
      within(screen.getByRole('dialog')).getByText('ada is signed out everywhere and signs in again with the new password.'),
    ).toBeTruthy();
    expect(field('New password*').value).toBe(state.context.fields.password);
    expect(field('New password*').type).toBe('password');
    const busy = state.matches('saving');
    expect(field('New password*').closest('fieldset')!.disabled).toBe(busy);
    expect(inDialog(busy ? 'Resetting...' : 'Reset password').disabled).toBe(busy || !isPasswordLongEnough(state.context.fields.password));
    expect(within(screen.getByRole('dialog')).queryByRole('alert')?.textContent ?? null).toBe(state.context.failure);
    expect(notice.textContent).toBe('');
  }

  replayShortestPaths(resetPasswordMachine, {
    events: (state) =>
      possibleEvents<ModelEvent>(state, [
        { type: 'user.open', fields: { username: 'ada' } },
        { type: 'user.cancel' },
        { type: 'user.change', fields: { password: 'lovelace-1815' } },
        { type: 'user.change', fields: { password: 'short' } },
        { type: 'user.submit' },
        ...(state.matches('saving')
          ? ([
              { type: 'xstate.done.actor.resetPassword' },
              { type: 'xstate.error.actor.resetPassword', error: unknown },
            ] satisfies ModelEvent[])
          : []),
      ]),
    serializeState: (state, event, previous) =>
      JSON.stringify({ value: state.value, context: state.context, from: previous?.value, by: event }),
    paths: { atLeast: 9 },
    describeEvent,
    name: (path, route) => `reaches ${String(path.state.value)} via ${route || 'nothing'}`,
    setup: () => openAccounts(),
    perform: (event, services) => perform(event, services),
    expectScreen: (state) => expectScreen(state),
    afterPerform({ event, state }, services) {
      if (event.type === 'user.submit') expect(services.last('resetAccountPassword').args).toEqual(['ada', state.context.fields.password]);
    },
    afterPath(_, services) {
      // Nothing in the list changed, so it was not fetched again.
      expect(services.calls('accountRows')).toBe(1);
    },
  });
});
