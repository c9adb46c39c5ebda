import { afterEach, describe, expect } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createEmptyActor, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { newApiKeyMachine } from '../../../src/machines/api-keys/new-api-key.machine';
import { apiKeyRequest, isApiKeyFormReady, type ApiKey, type CreatedApiKey } from '../../../src/domain/api-keys/api-key-form';
import { RefusalError } from '../../../src/domain/shared/error-message';
import { ApiKeysPage } from '../../../src/views/api-keys/ApiKeysPage';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { possibleEvents, replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: the shortest paths of the real 'New key' machine, replayed on the API keys page as an admin.
// Typing, choosing and clicks for a person's events, the api-keys calls and the clipboard settled for the
// actors' answers; at each step the dialog shows the machine's fields, its busy state and error, then the
// secret once with Copy, and what is sent is the form's request.

afterEach(cleanup);

const listed: ApiKey = {
  id: 1,
  prefix: 'sek_AbCdEfGh',
  name: 'nightly',
  role: 'viewer',
  owner: 'Ada Admin',
  service: false,
  created_at: '2026-03-01T09:30:00Z',
  expires_at: null,
  last_used_at: null,
};
const secret = `sek_ZyXwVuTs${'k'.repeat(43)}`;
const created: CreatedApiKey = { ...listed, id: 2, prefix: secret.slice(0, 12), name: 'ci', role: 'curator', secret };

type Snapshot = SnapshotFrom<typeof newApiKeyMachine>;
type ModelEvent =
  | EventFromLogic<typeof newApiKeyMachine>
  | ActorDone<'createKey', CreatedApiKey>
  | ActorError<'createKey', Error>
  | { type: 'xstate.done.actor.copySecret' }
  | ActorError<'copySecret', Error>;

async function openPage() {
  const services = fakeDeps();
  renderWithLogic(services, '/api-keys', <ApiKeysPage />, { role: 'admin' });
  await services.settle('apiKeyRows', { output: { items: [listed], total: 1 } });
  return services;
}

const dialog = () => screen.queryByRole('dialog');
const inDialog = (name: string) => within(screen.getByRole('dialog')).getByRole('button', { name }) as HTMLButtonElement;
const field = (name: string) => within(screen.getByRole('dialog')).getByLabelText(name) as HTMLInputElement;
const LABELS: Record<string, string> = { name: 'Name*', role: 'Role', expiresOn: 'Expires on' };

/** A field's change names the field and its value: `user.change(name=" ci ")`, `user.change(service=true)`. */
function describeEvent(event: ModelEvent): string {
  if (event.type !== 'user.change') return event.type;
  const [[name, value]] = Object.entries(event.fields);
  return `${event.type}(${name}=${JSON.stringify(value)})`;
}

async function perform(event: ModelEvent, services: FakeDeps) {
  switch (event.type) {
    case 'user.open':
      return fireEvent.click(screen.getByRole('button', { name: 'New key' }));
    case 'user.cancel':
      return fireEvent.click(inDialog('Cancel'));
    case 'user.change': {
      const [[name, value]] = Object.entries(event.fields);
      if (name === 'service') return fireEvent.click(field('Service key (a viewer or curator; stays when you leave)'));
      return fireEvent.change(field(LABELS[name]), { target: { value } });
    }
    case 'user.submit':
      return fireEvent.click(inDialog('Create'));
    case 'user.copy':
      return fireEvent.click(inDialog('Copy'));
    case 'user.close':
      return fireEvent.click(inDialog('Done'));
    case 'xstate.done.actor.createKey':
      return services.settle('createApiKey', { output: event.output });
    case 'xstate.error.actor.createKey':
      return services.settle('createApiKey', { error: event.error });
    case 'xstate.done.actor.copySecret':
      return services.settle('copyText', { output: undefined });
    case 'xstate.error.actor.copySecret':
      return services.settle('copyText', { error: event.error });
  }
}

function expectScreen(state: Snapshot) {
  if (state.matches('closed')) {
    expect(dialog()).toBeNull();
    return;
  }
  if (state.matches('created')) {
    const shown = within(screen.getByRole('dialog', { name: 'API key "ci" created' }));
    expect(shown.getByText(secret)).toBeTruthy();
    expect(shown.getByText(/it will not be shown again/)).toBeTruthy();
    expect(shown.queryByText('Copied to the clipboard.') !== null).toBe(state.matches({ created: 'copied' }));
    expect(shown.queryByRole('alert') !== null).toBe(state.matches({ created: 'copyFailed' }));
    return;
  }
  expect(screen.getByRole('dialog', { name: 'New API key' })).toBeTruthy();
  const { fields } = state.context;
  expect(field('Name*').value).toBe(fields.name);
  expect(field('Role').value).toBe(fields.role);
  expect(field('Expires on').value).toBe(fields.expiresOn);
  expect(field('Service key (a viewer or curator; stays when you leave)').checked).toBe(fields.service);
  // A service key is a viewer's or a curator's: the admin role is not offered.
  const offered = [...(field('Role') as unknown as HTMLSelectElement).options].map((option) => option.value);
  expect(offered).toEqual(fields.service ? ['viewer', 'curator'] : ['viewer', 'curator', 'admin']);
  const busy = state.matches('creating');
  expect(field('Name*').closest('fieldset')!.disabled).toBe(busy);
  expect(inDialog(busy ? 'Creating...' : 'Create').disabled).toBe(busy || !isApiKeyFormReady(fields, new Date()));
  expect(within(screen.getByRole('dialog')).queryByRole('alert')?.textContent ?? null).toBe(state.context.failure);
}

describe('New API key: every path', () => {
  const refused = new RefusalError('Only an admin may make a service key');
  replayShortestPaths(newApiKeyMachine, {
    input: { reloadTarget: createEmptyActor() },
    // Each field changes one way only (the name typed, an expiry set in the past then moved ahead, the service
    // key ticked): every combination the screen tells apart, in few paths. The role's choices are
    // api-keys-domain.test.ts's.
    events: (state) => {
      const { fields } = state.context;
      return possibleEvents<ModelEvent>(state, [
        { type: 'user.open' },
        { type: 'user.cancel' },
        ...(fields.name === '' ? ([{ type: 'user.change', fields: { name: ' ci ' } }] satisfies ModelEvent[]) : []),
        ...(fields.expiresOn === '' ? ([{ type: 'user.change', fields: { expiresOn: '2000-01-01' } }] satisfies ModelEvent[]) : []),
        ...(fields.expiresOn === '2000-01-01'
          ? ([{ type: 'user.change', fields: { expiresOn: '2099-12-31' } }] satisfies ModelEvent[])
          : []),
        ...(fields.service ? [] : ([{ type: 'user.change', fields: { service: true } }] satisfies ModelEvent[])),
        { type: 'user.submit' },
        { type: 'user.copy' },
        { type: 'user.close' },
        ...(state.matches('creating')
          ? ([
              { type: 'xstate.done.actor.createKey', output: created },
              { type: 'xstate.error.actor.createKey', error: refused },
            ] satisfies ModelEvent[])
          : []),
        ...(state.matches({ created: 'copying' })
          ? ([
              { type: 'xstate.done.actor.copySecret' },
              { type: 'xstate.error.actor.copySecret', error: new Error('denied') },
            ] satisfies ModelEvent[])
          : []),
      ]);
    },
    // The key made and the list to reload are the same on every path: the state and the form tell them apart,
    // and once the key is shown, the form is not.
    serializeState: (state) =>
      JSON.stringify(
        state.matches('created')
          ? { value: state.value }
          : { value: state.value, fields: state.context.fields, failure: state.context.failure },
      ),
    // Few on purpose: a new field or event that multiplies them shows here.
    paths: { exactly: 29 },
    describeEvent,
    name: (path, route) => `reaches ${JSON.stringify(path.state.value)} via ${route || 'nothing'}`,
    setup: () => openPage(),
    perform: (event, services) => perform(event, services),
    expectScreen: (state) => expectScreen(state),
    afterPerform({ event, previous }, services) {
      if (event.type === 'user.submit') expect(services.last('createApiKey').args).toEqual([apiKeyRequest(previous.context.fields)]);
      if (event.type === 'user.copy') expect(services.last('copyText').args).toEqual([secret]);
    },
    afterStep({ event }, services) {
      // Made: the list is fetched again to show the new key.
      if (event.type === 'xstate.done.actor.createKey') expect(services.calls('apiKeyRows')).toBe(2);
      // Closed after showing it: the secret is nowhere on the page any more.
      if (event.type === 'user.close') expect(screen.queryByText(secret)).toBeNull();
    },
  });
});
