import { assign, fromPromise, setup } from 'xstate';
import {
  apiKeyRequest,
  changedFields,
  EMPTY_API_KEY_FIELDS,
  isApiKeyFormReady,
  type ApiKeyFields,
  type CreatedApiKey,
  type NewApiKey,
} from '../../domain/api-keys/api-key-form';
import { messageOf } from '../../domain/shared/error-message';
import { notProvided } from '../shared/not-provided';
import { sendReload, type ReloadInput } from '../shared/reload';

// On /api-keys, 'New key': the form (name, role, optional expiry day, and for admins 'Service key'), sent once
// ready; a refusal keeps it open with the server's message. Once made, the list reloads and the dialog shows
// the secret, this once, with Copy, until the person closes it: closing forgets the secret.

type NewApiKeyContext = ReloadInput & {
  fields: ApiKeyFields;
  failure: string | null;
  /** The key just made, with its secret, while the dialog shows it. */
  created: CreatedApiKey | null;
};

type NewApiKeyEvent =
  | { type: 'user.open' }
  | { type: 'user.change'; fields: Partial<ApiKeyFields> }
  | { type: 'user.cancel' }
  | { type: 'user.submit' }
  | { type: 'user.copy' }
  | { type: 'user.close' };

export const newApiKeyMachine = setup({
  types: {
    context: {} as NewApiKeyContext,
    input: {} as ReloadInput,
    events: {} as NewApiKeyEvent,
    tags: {} as 'modalOpen' | 'busy',
  },
  actors: {
    createKey: fromPromise<CreatedApiKey, NewApiKey>(notProvided('createKey')),
    copySecret: fromPromise<void, { text: string }>(notProvided('copySecret')),
  },
  guards: {
    // The expiry is checked against today as the person submits.
    isReady: ({ context }) => isApiKeyFormReady(context.fields, new Date()),
  },
  actions: {
    reset: assign({ fields: EMPTY_API_KEY_FIELDS, failure: null, created: null }),
    change: assign(({ context }, params: { fields: Partial<ApiKeyFields> }) => ({
      fields: changedFields(context.fields, params.fields),
      failure: null,
    })),
    sendReload: sendReload<NewApiKeyContext, NewApiKeyEvent>(),
  },
}).createMachine({
  id: 'newApiKey',
  context: ({ input }) => ({ reloadTarget: input.reloadTarget, fields: EMPTY_API_KEY_FIELDS, failure: null, created: null }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'user.open': { target: 'editing', actions: 'reset' } },
    },
    editing: {
      tags: 'modalOpen',
      on: {
        'user.change': { actions: { type: 'change', params: ({ event }) => event } },
        'user.cancel': { target: 'closed', actions: 'reset' },
        'user.submit': { guard: 'isReady', target: 'creating' },
      },
    },
    creating: {
      tags: ['modalOpen', 'busy'],
      invoke: {
        id: 'createKey',
        src: 'createKey',
        input: ({ context }) => apiKeyRequest(context.fields),
        onDone: { target: 'created', actions: [assign({ created: ({ event }) => event.output }), 'sendReload'] },
        onError: { target: 'editing', actions: assign({ failure: ({ event }) => messageOf(event.error) }) },
      },
    },
    created: {
      tags: 'modalOpen',
      initial: 'shown',
      on: { 'user.close': { target: 'closed', actions: 'reset' } },
      states: {
        shown: { on: { 'user.copy': 'copying' } },
        copying: {
          invoke: {
            id: 'copySecret',
            src: 'copySecret',
            input: ({ context }) => ({ text: context.created?.secret ?? '' }),
            onDone: 'copied',
            onError: 'copyFailed',
          },
        },
        copied: { on: { 'user.copy': 'copying' } },
        copyFailed: { on: { 'user.copy': 'copying' } },
      },
    },
  },
});
