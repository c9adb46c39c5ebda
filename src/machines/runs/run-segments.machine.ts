import { assign, fromPromise, setup } from 'xstate';
import type { SegmentKey } from '../../domain/runs/segments';
import { messageOf } from '../../domain/shared/error-message';
import { notProvided } from '../shared/not-provided';

// A run read by segment: the metadata keys of its entries are fetched and offered; choosing one fetches the
// table of that key's values (a run's means per value, or a comparison's delta per value: src/logic gives
// each flow its table call, and `against` names the comparison's candidate and metric). Choosing no key
// puts the table away; another key replaces it. A failed call says why and can be tried again. The comparison's
// metric changing keeps the chosen key: its table is asked again of the new metric.

export type RunSegmentsInput = {
  runId: number;
  /** The comparison's other run and metric, for the delta per segment. */
  against?: { candidate: number; metric: string };
};

/** What the table call is asked. */
export type SegmentTableFetch = RunSegmentsInput & { key: string };

export type RunSegmentsEvent =
  | { type: 'user.chooseKey'; key: string }
  | { type: 'user.retry' }
  /** The comparison now reads another metric (chosen on the page, or by Back and Forward). */
  | { type: 'comparison.metricChanged'; metric: string };

export type RunSegmentsContext = RunSegmentsInput & {
  keys: SegmentKey[];
  /** The chosen key; '' before one is chosen. */
  key: string;
  /** The chosen key's table as the server answered it; each flow knows its shape. */
  table: unknown;
  error: string | null;
};

const keyOf = ({ event }: { event: RunSegmentsEvent }) => ({ key: event.type === 'user.chooseKey' ? event.key : '' });
const metricOf = ({ event }: { event: RunSegmentsEvent }) => ({ metric: event.type === 'comparison.metricChanged' ? event.metric : '' });

/** No key puts the table away; a key (the same one again too) fetches its table. */
const chooseKey = [
  { guard: { type: 'isNoKey', params: keyOf }, target: '#runSegments.choosing', actions: { type: 'setKey', params: keyOf } },
  { target: '#runSegments.loadingTable', reenter: true, actions: { type: 'setKey', params: keyOf } },
] as const;

export const runSegmentsMachine = setup({
  types: {
    input: {} as RunSegmentsInput,
    context: {} as RunSegmentsContext,
    events: {} as RunSegmentsEvent,
    tags: {} as 'busy' | 'failed' | 'empty',
  },
  actors: {
    fetchKeys: fromPromise<SegmentKey[], { runId: number }>(notProvided('fetchKeys')),
    fetchTable: fromPromise<unknown, SegmentTableFetch>(notProvided('fetchTable')),
  },
  guards: {
    hasNoKeys: (_, params: { keys: SegmentKey[] }) => !params.keys.some((key) => key.groupable),
    isNoKey: (_, params: { key: string }) => params.key === '',
    isOtherMetric: ({ context }, params: { metric: string }) => context.against !== undefined && context.against.metric !== params.metric,
    /** Another metric while a key is chosen: its table is of the old one. */
    isOtherMetricOfKey: ({ context }, params: { metric: string }) =>
      context.key !== '' && context.against !== undefined && context.against.metric !== params.metric,
  },
  actions: {
    setKey: assign((_, params: { key: string }) => ({ key: params.key, table: null, error: null })),
    setMetric: assign(({ context }, params: { metric: string }) => ({
      against: context.against && { ...context.against, metric: params.metric },
      table: null,
      error: null,
    })),
  },
}).createMachine({
  id: 'runSegments',
  context: ({ input }) => ({ ...input, keys: [], key: '', table: null, error: null }),
  on: {
    'comparison.metricChanged': [
      {
        // A key chosen (its table shown, on its way or failed): the same key's table of the new metric.
        guard: { type: 'isOtherMetricOfKey', params: metricOf },
        target: '.loadingTable',
        actions: { type: 'setMetric', params: metricOf },
      },
      { guard: { type: 'isOtherMetric', params: metricOf }, actions: { type: 'setMetric', params: metricOf } },
    ],
  },
  initial: 'loadingKeys',
  states: {
    loadingKeys: {
      tags: 'busy',
      invoke: {
        id: 'fetchKeys',
        src: 'fetchKeys',
        input: ({ context }) => ({ runId: context.runId }),
        onDone: [
          { guard: { type: 'hasNoKeys', params: ({ event }) => ({ keys: event.output }) }, target: 'noKeys' },
          { target: 'choosing', actions: assign({ keys: ({ event }) => event.output }) },
        ],
        onError: { target: 'keysFailed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    keysFailed: {
      tags: 'failed',
      on: { 'user.retry': { target: 'loadingKeys', actions: assign({ error: null }) } },
    },
    // No entry of the run has a metadata key that groups queries: nothing to choose.
    noKeys: { tags: 'empty' },
    choosing: { on: { 'user.chooseKey': chooseKey } },
    loadingTable: {
      tags: 'busy',
      on: { 'user.chooseKey': chooseKey },
      invoke: {
        id: 'fetchTable',
        src: 'fetchTable',
        input: ({ context: { runId, against, key } }) => ({ runId, key, ...(against ? { against } : {}) }),
        onDone: { target: 'showing', actions: assign({ table: ({ event }) => event.output }) },
        onError: { target: 'tableFailed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    showing: { on: { 'user.chooseKey': chooseKey } },
    tableFailed: {
      tags: 'failed',
      on: { 'user.chooseKey': chooseKey, 'user.retry': { target: 'loadingTable', actions: assign({ error: null }) } },
    },
  },
});
