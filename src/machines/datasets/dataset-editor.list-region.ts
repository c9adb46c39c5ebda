import { filterKey, type EntryList, type EntryWindow, type Side } from '../../domain/datasets/dataset-membership';

// One side of the dataset editor (a region of its `ready` state), kept apart so the machine file stays small.
// Its actions and guards are the machine's, named by string. `reload` (a complete upload into the dataset) fetches
// the list again with its filter.

/**
 * Rows a list asks for at a time: a few screens' worth, so a filter typed on a big list costs the server a small
 * read; more come as the list scrolls near its end (and by themselves up to the prefetch limit).
 */
export const ENTRY_WINDOW = 200;
/** A filter that the loaded window cannot answer alone asks the server after this pause in typing. */
export const FILTER_DEBOUNCE_MS = 300;

type ListContext = { datasetId: number | null } & Record<Side, EntryList>;

export function listRegion(side: Side) {
  return {
    initial: 'fetching',
    on: {
      reload: { target: '.fetching', reenter: true },
      'user.filter': [
        {
          guard: { type: 'isFilterAnsweredLocally', params: ({ event }: { event: { side: Side; text: string } }) => event },
          actions: { type: 'assignFilter', params: ({ event }: { event: { side: Side; text: string } }) => event },
        },
        {
          guard: { type: 'isSide', params: ({ event }: { event: { side: Side } }) => ({ side: event.side, expected: side }) },
          target: `.waiting`,
          reenter: true,
          actions: { type: 'assignFilter', params: ({ event }: { event: { side: Side; text: string } }) => event },
        },
      ],
    },
    states: {
      idle: {
        always: {
          guard: { type: 'shouldPrefetch', params: { side } },
          target: 'fetchingMore',
        },
        on: {
          'user.loadMore': {
            guard: { type: 'hasMoreRows', params: ({ event }: { event: { side: Side } }) => ({ side: event.side, expected: side }) },
            target: 'fetchingMore',
          },
        },
      },
      waiting: {
        after: { [FILTER_DEBOUNCE_MS]: 'fetching' },
      },
      fetching: {
        tags: 'loading',
        invoke: {
          id: `fetch.${side}`,
          src: 'fetchEntries',
          input: ({ context }: { context: ListContext }) => ({
            datasetId: context.datasetId!,
            side,
            search: filterKey(context[side].filter),
            page: 1,
            pageSize: ENTRY_WINDOW,
          }),
          onDone: {
            target: 'idle',
            actions: { type: 'replaceRows', params: ({ event }: { event: { output: EntryWindow } }) => ({ side, page: event.output }) },
          },
          onError: {
            target: '#datasetEditor.failed',
            actions: { type: 'assignError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
          },
        },
      },
      fetchingMore: {
        tags: 'loadingMore',
        invoke: {
          id: `fetchMore.${side}`,
          src: 'fetchEntries',
          input: ({ context }: { context: ListContext }) => ({
            datasetId: context.datasetId!,
            side,
            search: context[side].query,
            page: Math.floor(context[side].rows.length / ENTRY_WINDOW) + 1,
            pageSize: ENTRY_WINDOW,
          }),
          onDone: {
            target: 'idle',
            actions: { type: 'appendRows', params: ({ event }: { event: { output: EntryWindow } }) => ({ side, page: event.output }) },
          },
          onError: {
            target: '#datasetEditor.failed',
            actions: { type: 'assignError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
          },
        },
      },
    },
  } as const;
}
