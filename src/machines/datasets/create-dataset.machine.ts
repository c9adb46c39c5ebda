import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import { messageOf } from '../../domain/shared/error-message';

// On /datasets, the 'Add New Dataset' modal. Name and description are required and trimmed;
// 'Create Dataset' is refused while either is blank; the form is disabled while submitting; after creation
// the person lands in the new dataset's editor (`openEditor`). A failure (e.g. a duplicate name's 409)
// keeps the form open with the server's message.

export type CreatedDataset = { id: number };

export type CreateDatasetContext = {
  name: string;
  description: string;
  error: string | null;
};

export type CreateDatasetEvent =
  | { type: 'user.open' }
  | { type: 'user.cancel' }
  | { type: 'user.changeName'; value: string }
  | { type: 'user.changeDescription'; value: string }
  | { type: 'user.submit' };

/** Both fields required once trimmed. */
export const isDatasetFormComplete = (form: { name: string; description: string }) =>
  form.name.trim() !== '' && form.description.trim() !== '';

const emptyForm = { name: '', description: '', error: null };

export const createDatasetMachine = setup({
  types: {
    context: {} as CreateDatasetContext,
    events: {} as CreateDatasetEvent,
    tags: {} as 'modalOpen' | 'busy',
  },
  actors: {
    createDataset: fromPromise<CreatedDataset, { name: string; description: string }>(notProvided('createDataset')),
  },
  guards: {
    isFormComplete: ({ context }) => isDatasetFormComplete(context),
  },
  actions: {
    /** Navigates to /datasets/{id}/edit (wouter's navigate). */
    openEditor: notProvided<{ id: number }>('openEditor'),
    resetForm: assign(emptyForm),
    assignName: assign((_, params: { value: string }) => ({ name: params.value, error: null })),
    assignDescription: assign((_, params: { value: string }) => ({ description: params.value, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
  },
}).createMachine({
  id: 'createDataset',
  context: emptyForm,
  initial: 'closed',
  states: {
    closed: {
      on: { 'user.open': { target: 'editing', actions: 'resetForm' } },
    },
    editing: {
      tags: 'modalOpen',
      on: {
        'user.cancel': { target: 'closed', actions: 'resetForm' },
        'user.changeName': { actions: { type: 'assignName', params: ({ event }) => ({ value: event.value }) } },
        'user.changeDescription': { actions: { type: 'assignDescription', params: ({ event }) => ({ value: event.value }) } },
        'user.submit': { guard: 'isFormComplete', target: 'submitting' },
      },
    },
    submitting: {
      tags: ['modalOpen', 'busy'],
      invoke: {
        id: 'createDataset',
        src: 'createDataset',
        input: ({ context }) => ({ name: context.name.trim(), description: context.description.trim() }),
        onDone: {
          target: 'closed',
          actions: [{ type: 'openEditor', params: ({ event }) => ({ id: event.output.id }) }, 'resetForm'],
        },
        onError: { target: 'editing', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
