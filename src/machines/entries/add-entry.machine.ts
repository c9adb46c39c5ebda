import { and, assign, fromPromise, setup } from 'xstate';
import { DEFAULT_METADATA, hasEntryInput, metadataProblem, parseMetadata } from '../../domain/entries/entry-metadata';
import { datasetPickerMachine, type DatasetOption } from '../datasets/dataset-picker.machine';
import { notProvided } from '../shared/not-provided';
import { sendReload, type ReloadInput } from '../shared/reload';
import { messageOf } from '../../domain/shared/error-message';

// The Add Dataset Entry dialog. Input is required ('Create Entry' refused while blank);
// metadata must be a JSON object or blank, else its message shows and nothing is sent (cleared on edit).
// The dialog hands {input, input_metadata, selectedDatasets} on: the entry is created, then its mappings in
// one call. A failed mapping call still leaves the entry listed and tells the person (`linkFailed`).
// Its reload target (the entries list) hears `reload` whenever an entry was created.

export type CreatedEntry = { id: number };
export type NewEntry = { input: string; input_metadata: Record<string, unknown> | null };
export type LinkDatasetsInput = { entryId: number; datasetIds: number[] };

export type AddEntryContext = ReloadInput & {
  input: string;
  metadata: string;
  metadataError: string | null;
  selectedDatasets: DatasetOption[];
  entryId: number | null;
  error: string | null;
};

export type AddEntryEvent =
  | { type: 'user.open' }
  | { type: 'user.cancel' }
  | { type: 'user.close' }
  | { type: 'user.changeInput'; value: string }
  | { type: 'user.changeMetadata'; value: string }
  | { type: 'user.submit' }
  | { type: 'picker.changed'; selected: DatasetOption[] };

const emptyForm = {
  input: '',
  metadata: DEFAULT_METADATA,
  metadataError: null,
  selectedDatasets: [],
  entryId: null,
  error: null,
} satisfies Omit<AddEntryContext, 'reloadTarget'>;

export const addEntryMachine = setup({
  types: {
    context: {} as AddEntryContext,
    input: {} as ReloadInput,
    events: {} as AddEntryEvent,
    tags: {} as 'modalOpen' | 'busy' | 'linkFailed',
  },
  actors: {
    createEntry: fromPromise<CreatedEntry, NewEntry>(notProvided('createEntry')),
    linkDatasets: fromPromise<unknown, LinkDatasetsInput>(notProvided('linkDatasets')),
    datasetPicker: datasetPickerMachine,
  },
  guards: {
    hasInput: ({ context }) => hasEntryInput(context.input),
    isMetadataValid: ({ context }) => metadataProblem(context.metadata) === null,
    hasSelectedDatasets: ({ context }) => context.selectedDatasets.length > 0,
  },
  actions: {
    resetForm: assign(emptyForm),
    assignInput: assign((_, params: { value: string }) => ({ input: params.value, error: null })),
    assignMetadata: assign((_, params: { value: string }) => ({ metadata: params.value, metadataError: null, error: null })),
    assignMetadataError: assign(({ context }) => ({ metadataError: metadataProblem(context.metadata) })),
    assignSelection: assign((_, params: { selected: DatasetOption[] }) => ({ selectedDatasets: params.selected })),
    assignEntryId: assign((_, params: { id: number }) => ({ entryId: params.id })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    sendReload: sendReload(),
  },
}).createMachine({
  id: 'addEntry',
  context: ({ input }) => ({ ...emptyForm, reloadTarget: input.reloadTarget }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'user.open': { target: 'open', actions: 'resetForm' } },
    },
    open: {
      tags: 'modalOpen',
      invoke: { id: 'datasetPicker', src: 'datasetPicker', input: { selected: [] } },
      initial: 'editing',
      states: {
        editing: {
          on: {
            'user.cancel': { target: '#addEntry.closed', actions: 'resetForm' },
            'user.changeInput': { actions: { type: 'assignInput', params: ({ event }) => ({ value: event.value }) } },
            'user.changeMetadata': { actions: { type: 'assignMetadata', params: ({ event }) => ({ value: event.value }) } },
            'picker.changed': { actions: { type: 'assignSelection', params: ({ event }) => ({ selected: event.selected }) } },
            'user.submit': [
              { guard: and(['hasInput', 'isMetadataValid']), target: 'creating' },
              { guard: 'hasInput', actions: 'assignMetadataError' },
            ],
          },
        },
        creating: {
          tags: 'busy',
          invoke: {
            id: 'createEntry',
            src: 'createEntry',
            input: ({ context }) => ({ input: context.input.trim(), input_metadata: parseMetadata(context.metadata) }),
            onDone: [
              {
                guard: 'hasSelectedDatasets',
                target: 'linking',
                actions: { type: 'assignEntryId', params: ({ event }) => ({ id: event.output.id }) },
              },
              { target: '#addEntry.closed', actions: ['sendReload', 'resetForm'] },
            ],
            onError: { target: 'editing', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        linking: {
          tags: 'busy',
          invoke: {
            id: 'linkDatasets',
            src: 'linkDatasets',
            input: ({ context }) => ({ entryId: context.entryId!, datasetIds: context.selectedDatasets.map((option) => option.id) }),
            onDone: { target: '#addEntry.closed', actions: ['sendReload', 'resetForm'] },
            onError: {
              target: 'linkFailed',
              actions: [{ type: 'assignError', params: ({ event }) => ({ error: event.error }) }, 'sendReload'],
            },
          },
        },
        // The entry exists (the list shows it) but without its datasets: say so until the person closes.
        linkFailed: {
          tags: 'linkFailed',
          on: { 'user.close': { target: '#addEntry.closed', actions: 'resetForm' } },
        },
      },
    },
  },
});
