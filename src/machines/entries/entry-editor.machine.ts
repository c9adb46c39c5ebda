import { and, assign, fromPromise, setup } from 'xstate';
import type { DatasetEntry } from '../../domain/evaluations/evaluation-service-types';
import { hasEntryInput, metadataProblem, metadataText, parseMetadata } from '../../domain/entries/entry-metadata';
import { datasetPickerMachine, type DatasetOption } from '../datasets/dataset-picker.machine';
import { notProvided } from '../shared/not-provided';
import { messageOf } from '../../domain/shared/error-message';
import { hasNoRouteId } from '../../domain/shell/route-id';

// The /dataset-entries/{id}/edit page: loading → editing → saving (PUT) → linking (the
// dataset-link diff: links added are created, links removed deleted) → back; or 'Dataset entry not found'.
// Save is refused while the input is blank; metadata as in the add dialog. A failure keeps the form with the
// server's message; saving again is safe (the PUT and both mapping calls are idempotent).

export type EntryEditorInput = { entryId: number | null };
export type SaveEntryInput = { entryId: number; input: string; input_metadata: Record<string, unknown> | null };
/** The links the entry had when loaded and the ones chosen now; the real actor applies their diff. */
export type SaveLinksInput = { entryId: number; before: number[]; after: number[] };

export type EntryEditorContext = {
  /** From the address; null (no valid id) only in `notFound`, which is left only by going back. */
  entryId: number | null;
  entry: DatasetEntry | null;
  input: string;
  metadata: string;
  metadataError: string | null;
  selectedDatasets: DatasetOption[];
  error: string | null;
};

export type EntryEditorEvent =
  | { type: 'user.changeInput'; value: string }
  | { type: 'user.changeMetadata'; value: string }
  | { type: 'user.submit' }
  | { type: 'user.cancel' }
  | { type: 'user.retry' }
  | { type: 'picker.changed'; selected: DatasetOption[] };

export const entryEditorMachine = setup({
  types: {
    context: {} as EntryEditorContext,
    input: {} as EntryEditorInput,
    events: {} as EntryEditorEvent,
    tags: {} as 'busy' | 'saving',
  },
  actors: {
    /** The entry, or null when the server has no such entry (404). */
    fetchEntry: fromPromise<DatasetEntry | null, { entryId: number }>(notProvided('fetchEntry')),
    saveEntry: fromPromise<unknown, SaveEntryInput>(notProvided('saveEntry')),
    saveLinks: fromPromise<unknown, SaveLinksInput>(notProvided('saveLinks')),
    datasetPicker: datasetPickerMachine,
  },
  guards: {
    hasNoRouteId,
    isMissing: (_, params: { entry: DatasetEntry | null }) => params.entry === null,
    hasInput: ({ context }) => hasEntryInput(context.input),
    isMetadataValid: ({ context }) => metadataProblem(context.metadata) === null,
  },
  actions: {
    /** Leaves the editor: Cancel, and after a save (wouter's navigate, or history back). */
    goBack: notProvided('goBack'),
    assignEntry: assign((_, params: { entry: DatasetEntry }) => ({
      entry: params.entry,
      input: params.entry.input,
      metadata: metadataText(params.entry.input_metadata),
      metadataError: null,
      selectedDatasets: params.entry.datasets.map(({ id, name }) => ({ id, name })),
      error: null,
    })),
    assignInput: assign((_, params: { value: string }) => ({ input: params.value, error: null })),
    assignMetadata: assign((_, params: { value: string }) => ({ metadata: params.value, metadataError: null, error: null })),
    assignMetadataError: assign(({ context }) => ({ metadataError: metadataProblem(context.metadata) })),
    assignSelection: assign((_, params: { selected: DatasetOption[] }) => ({ selectedDatasets: params.selected })),
    assignError: assign((_, params: { error: unknown; prefix?: string }) => ({
      error: `${params.prefix ?? ''}${messageOf(params.error)}`,
    })),
  },
}).createMachine({
  id: 'entryEditor',
  context: ({ input }) => ({
    entryId: input.entryId,
    entry: null,
    input: '',
    metadata: '',
    metadataError: null,
    selectedDatasets: [],
    error: null,
  }),
  initial: 'checkingId',
  states: {
    checkingId: {
      always: [
        { guard: { type: 'hasNoRouteId', params: ({ context }) => ({ id: context.entryId }) }, target: 'notFound' },
        { target: 'loading' },
      ],
    },
    loading: {
      tags: 'busy',
      invoke: {
        id: 'fetchEntry',
        src: 'fetchEntry',
        input: ({ context }) => ({ entryId: context.entryId! }),
        onDone: [
          { guard: { type: 'isMissing', params: ({ event }) => ({ entry: event.output }) }, target: 'notFound' },
          { target: 'ready', actions: { type: 'assignEntry', params: ({ event }) => ({ entry: event.output! }) } },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'user.retry': 'loading', 'user.cancel': { actions: 'goBack' } },
    },
    notFound: {
      on: { 'user.cancel': { actions: 'goBack' } },
    },
    ready: {
      invoke: {
        id: 'datasetPicker',
        src: 'datasetPicker',
        input: ({ context }) => ({ selected: context.selectedDatasets }),
      },
      initial: 'editing',
      states: {
        editing: {
          on: {
            'user.cancel': { actions: 'goBack' },
            'user.changeInput': { actions: { type: 'assignInput', params: ({ event }) => ({ value: event.value }) } },
            'user.changeMetadata': { actions: { type: 'assignMetadata', params: ({ event }) => ({ value: event.value }) } },
            'picker.changed': { actions: { type: 'assignSelection', params: ({ event }) => ({ selected: event.selected }) } },
            'user.submit': [
              { guard: and(['hasInput', 'isMetadataValid']), target: 'saving' },
              { guard: 'hasInput', actions: 'assignMetadataError' },
            ],
          },
        },
        saving: {
          tags: ['busy', 'saving'],
          invoke: {
            id: 'saveEntry',
            src: 'saveEntry',
            input: ({ context }) => ({
              entryId: context.entryId!,
              input: context.input.trim(),
              input_metadata: parseMetadata(context.metadata),
            }),
            onDone: 'linking',
            onError: { target: 'editing', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        linking: {
          tags: ['busy', 'saving'],
          invoke: {
            id: 'saveLinks',
            src: 'saveLinks',
            input: ({ context }) => ({
              entryId: context.entryId!,
              before: context.entry!.datasets.map((dataset) => dataset.id),
              after: context.selectedDatasets.map((dataset) => dataset.id),
            }),
            onDone: '#entryEditor.saved',
            onError: {
              target: 'editing',
              actions: {
                type: 'assignError',
                params: ({ event }) => ({ error: event.error, prefix: 'The entry was saved, but its datasets were not all updated: ' }),
              },
            },
          },
        },
      },
    },
    saved: {
      tags: 'saving',
      entry: 'goBack',
    },
  },
});
