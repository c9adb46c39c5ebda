import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import { sendReload, type ReloadInput } from '../shared/reload';
import { messageOf } from '../../domain/shared/error-message';

// On /golden-sets, the 'Edit Golden Set' modal. It opens with the set's name, description and market;
// the name is required once trimmed; the form is disabled while saving; a failure (e.g. a duplicate
// name's 409) keeps it open with the server's message. On success its reload target (the list) hears `reload`.

type GoldenSetFields = { name: string; description: string; market: string };

export type GoldenSetToRename = GoldenSetFields & { id: number };

export type RenameGoldenSetContext = ReloadInput &
  GoldenSetFields & {
    id: number | null;
    error: string | null;
  };

export type RenameGoldenSetEvent =
  | { type: 'user.open'; goldenSet: GoldenSetToRename }
  | { type: 'user.cancel' }
  | { type: 'user.changeName'; value: string }
  | { type: 'user.changeDescription'; value: string }
  | { type: 'user.changeMarket'; value: string }
  | { type: 'user.submit' };

/** A golden set needs a name once trimmed; description and market may stay empty. */
export const isGoldenSetNameGiven = (form: { name: string }) => form.name.trim() !== '';

const closedForm = { id: null, name: '', description: '', market: '', error: null };

export const renameGoldenSetMachine = setup({
  types: {
    context: {} as RenameGoldenSetContext,
    input: {} as ReloadInput,
    events: {} as RenameGoldenSetEvent,
    tags: {} as 'modalOpen' | 'busy',
  },
  actors: {
    saveGoldenSet: fromPromise<void, GoldenSetToRename>(notProvided('saveGoldenSet')),
  },
  guards: {
    isNameGiven: ({ context }) => isGoldenSetNameGiven(context),
  },
  actions: {
    assignGoldenSet: assign((_, params: GoldenSetToRename) => ({ ...params, error: null })),
    resetForm: assign(closedForm),
    assignName: assign((_, params: { value: string }) => ({ name: params.value, error: null })),
    assignDescription: assign((_, params: { value: string }) => ({ description: params.value, error: null })),
    assignMarket: assign((_, params: { value: string }) => ({ market: params.value, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    sendReload: sendReload(),
  },
}).createMachine({
  id: 'renameGoldenSet',
  context: ({ input }) => ({ ...closedForm, reloadTarget: input.reloadTarget }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'user.open': { target: 'editing', actions: { type: 'assignGoldenSet', params: ({ event }) => event.goldenSet } } },
    },
    editing: {
      tags: 'modalOpen',
      on: {
        'user.cancel': { target: 'closed', actions: 'resetForm' },
        'user.changeName': { actions: { type: 'assignName', params: ({ event }) => ({ value: event.value }) } },
        'user.changeDescription': { actions: { type: 'assignDescription', params: ({ event }) => ({ value: event.value }) } },
        'user.changeMarket': { actions: { type: 'assignMarket', params: ({ event }) => ({ value: event.value }) } },
        'user.submit': { guard: 'isNameGiven', target: 'saving' },
      },
    },
    saving: {
      tags: ['modalOpen', 'busy'],
      invoke: {
        id: 'saveGoldenSet',
        src: 'saveGoldenSet',
        input: ({ context }) => ({
          id: context.id!,
          name: context.name.trim(),
          description: context.description.trim(),
          market: context.market.trim(),
        }),
        onDone: { target: 'closed', actions: ['resetForm', 'sendReload'] },
        onError: { target: 'editing', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
