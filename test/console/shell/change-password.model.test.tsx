import { afterEach, describe, expect } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { changePasswordMachine } from '../../../src/machines/shell/change-password.machine';
import { PASSWORDS_DIFFER, type PasswordField } from '../../../src/domain/shell/password-change';
import { AuthActorContext } from '../../../src/views/shell/auth-actor-context';
import { UserMenu } from '../../../src/views/shell/UserMenu';
import { adminMe, signedInAuth } from '../helpers/fake-me';
import { replayShortestPaths, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: the user menu's Change password, every shortest path of the real machine replayed
// through the dialog — typed fields, a repeat that differs, the change sent (taken, or refused: a wrong
// current password, a too short new one, accounts kept elsewhere), cancelled or closed. At each step the
// test reads what a person sees: the fields, the problem beside the field it names, the button's state.

afterEach(cleanup);

type Snapshot = SnapshotFrom<typeof changePasswordMachine>;
type ModelEvent =
  EventFromLogic<typeof changePasswordMachine> | { type: 'xstate.done.actor.savePassword' } | ActorError<'savePassword', Error>;

const refusals = [
  'current_password: does not match',
  'body.new_password must NOT have fewer than 8 characters',
  'Accounts are kept by the identity provider',
];

function eventsFor(state: Snapshot): ModelEvent[] {
  const candidates: Array<EventFromLogic<typeof changePasswordMachine>> = [
    { type: 'user.open' },
    { type: 'user.change', field: 'current', value: 'old-secret' },
    { type: 'user.change', field: 'new', value: 'new-secret-1' },
    { type: 'user.change', field: 'repeat', value: 'new-secret-1' },
    { type: 'user.change', field: 'repeat', value: 'new-secret-2' },
    { type: 'user.submit' },
    { type: 'user.cancel' },
    { type: 'user.close' },
  ];
  const events: ModelEvent[] = candidates.filter((event) => state.can(event));
  if (state.matches('saving'))
    events.push(
      { type: 'xstate.done.actor.savePassword' },
      ...refusals.map((message) => ({ type: 'xstate.error.actor.savePassword' as const, error: new Error(message) })),
    );
  return events;
}

const describeEvent = (event: ModelEvent) =>
  event.type === 'user.change'
    ? `${event.field} ${event.value}`
    : event.type === 'xstate.error.actor.savePassword'
      ? `refused (${event.error.message})`
      : event.type.replace('xstate.done.actor.savePassword', 'changed');

const labels: Record<PasswordField, string> = { current: 'Current password', new: 'New password', repeat: 'Repeat the new password' };
const dialog = () => within(screen.getByRole('dialog', { name: 'Change password' }));

type Changes = ReturnType<typeof signedInAuth>['changes'];

async function perform(event: ModelEvent, changes: Changes) {
  switch (event.type) {
    case 'user.open':
      fireEvent.click(screen.getByRole('button', { name: 'User menu for Ada Admin' }));
      return fireEvent.click(screen.getByRole('menuitem', { name: 'Change password' }));
    case 'user.change':
      return fireEvent.change(dialog().getByLabelText(labels[event.field]), { target: { value: event.value } });
    case 'user.submit':
      return fireEvent.click(dialog().getByRole('button', { name: 'Change password' }));
    case 'user.cancel':
      return fireEvent.click(dialog().getByRole('button', { name: 'Cancel' }));
    case 'user.close':
      return fireEvent.click(dialog().getByRole('button', { name: 'Close' }));
    case 'xstate.done.actor.savePassword':
      return act(async () => changes.at(-1)!.resolve());
    case 'xstate.error.actor.savePassword':
      return act(async () => changes.at(-1)!.reject(event.error));
  }
}

/** The text shown beside a field (what its aria-describedby names), or null. */
function problemBeside(field: PasswordField): string | null {
  const input = dialog().getByLabelText(labels[field]);
  const described = input.getAttribute('aria-describedby');
  expect(input.getAttribute('aria-invalid')).toBe(String(described !== null));
  return described === null ? null : document.getElementById(described)!.textContent;
}

function expectScreen(state: Snapshot) {
  if (state.matches('closed')) return expect(screen.queryByRole('dialog')).toBeNull();
  if (state.matches('changed')) {
    expect(dialog().getByRole('status').textContent).toBe('Your password has been changed.');
    return expect(dialog().queryByLabelText(labels.current)).toBeNull();
  }
  const { draft, problem } = state.context;
  for (const field of ['current', 'new', 'repeat'] as const) {
    const input = dialog().getByLabelText(labels[field]) as HTMLInputElement;
    expect(input.type).toBe('password');
    expect(input.value).toBe(draft[field]);
  }
  const saving = state.matches('saving');
  const submit = dialog().getByRole('button', { name: saving ? 'Changing...' : 'Change password' }) as HTMLButtonElement;
  expect(submit.disabled).toBe(!state.can({ type: 'user.submit' }));
  expect((dialog().getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(saving);
  // The server's refusal beside the field it names, without the field's name; the form's own check beside the repeat.
  expect(problemBeside('current')).toBe(problem?.field === 'current' ? 'Does not match' : null);
  expect(problemBeside('new')).toBe(problem?.field === 'new' ? 'Must NOT have fewer than 8 characters' : null);
  expect(problemBeside('repeat')).toBe(draft.repeat !== '' && draft.repeat !== draft.new ? PASSWORDS_DIFFER : null);
  if (problem?.field === null) expect(dialog().getByRole('alert').textContent).toBe(problem.text);
  else expect(dialog().queryByRole('alert')).toBeNull();
}

const serializeState = (state: Snapshot) => JSON.stringify({ value: state.value, context: state.context });
// Errors stringify to {}: keyed by their message, the three refusals are three events.
const serializeEvent = (event: ModelEvent) =>
  JSON.stringify(event, (_, value: unknown) => (value instanceof Error ? value.message : value));

describe('change password: paths over the three fields and the change', () => {
  replayShortestPaths(changePasswordMachine, {
    events: eventsFor,
    serializeState,
    serializeEvent,
    paths: { atLeast: 18 },
    describeEvent,
    name: (path, route) => `reaches ${JSON.stringify(path.state.value)}${route ? ` via ${route}` : ''}`,
    async setup() {
      const { actor, changes } = signedInAuth(adminMe);
      await act(async () => undefined);
      render(
        <AuthActorContext.Provider value={actor}>
          <UserMenu />
        </AuthActorContext.Provider>,
      );
      return changes;
    },
    perform: (event, changes) => perform(event, changes),
    expectInitialScreen: false,
    expectScreen: (state) => expectScreen(state),
    beforeStep: (_, changes) => changes.length,
    afterStep({ event }, changes, sent) {
      // A submit sends the change once, with the current and the new password; a refused one sends nothing.
      if (event.type === 'user.submit') {
        expect(changes.length).toBe(sent + 1);
        expect(changes.at(-1)!.change).toEqual({ current_password: 'old-secret', new_password: 'new-secret-1' });
      } else expect(changes.length).toBe(sent);
    },
  });
});
