import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { notProvided } from '../shared/not-provided';
import { coverageMachine, type CoveragePair } from '../golden-sets/coverage.machine';
import { tryQueryMachine } from './try-query.machine';
import { InvalidInputError, messageOf } from '../../domain/shared/error-message';
import {
  draftFromExperiment,
  emptyDraft,
  experimentRequest,
  fieldProblems,
  hasProblems,
  type Draft,
  type DraftField,
  type FieldProblems,
} from '../../domain/experiments/experiment-draft';
import type { ExperimentDetails, ExperimentWithConfig, FormOptions, NewExperiment } from '../../domain/experiments/workbench-types';

// 'New Experiment' (/experiments/new) and 'Edit' (/experiments/{id}/edit): one form for an
// experiment's name, dataset, script, golden set, search target and scoring. It loads what can be chosen
// (and, to edit, the experiment), then edits a draft; Save sends it and, on the server's 400, puts each
// sentence beside the field it names. Try a query and the golden set's coverage run beside it as their own
// flows: the coverage is asked again whenever the dataset or golden set changes. Saved: the runs page.

/** A new experiment, or the experiment of the address to edit (null: the address named no valid id). */
export type ExperimentFormInput = { mode: 'new' } | { mode: 'edit'; experimentId: number | null };

export type ExperimentFormContext = {
  /** Null for a new experiment (or an edit address without a valid id). */
  experimentId: number | null;
  mode: ExperimentFormInput['mode'];
  draft: Draft;
  options: FormOptions | null;
  problems: FieldProblems;
  /** What the dataset picker's list is narrowed to. */
  datasetFilter: string;
  loadError: string | null;
  tryQuery: ActorRefFrom<typeof tryQueryMachine>;
  coverage: ActorRefFrom<typeof coverageMachine>;
};

export type ExperimentFormEvent =
  | { type: 'user.change'; field: DraftField; value: string }
  | { type: 'user.filterDatasets'; text: string }
  | { type: 'user.save' }
  | { type: 'user.cancel' }
  | { type: 'user.retry' };

export type FormLoad = { options: FormOptions; experiment?: ExperimentDetails | null };
export type SaveRequest = { experimentId: number | null; request: NewExperiment };

const idOf = (text: string) => (/^\d+$/.test(text) ? Number(text) : null);
const pairOf = (draft: Draft): CoveragePair => ({ goldenSetId: idOf(draft.golden_set_id), datasetId: idOf(draft.dataset_id) });

export const experimentFormMachine = setup({
  types: {
    context: {} as ExperimentFormContext,
    input: {} as ExperimentFormInput,
    events: {} as ExperimentFormEvent,
    tags: {} as 'loading' | 'saving' | 'missing' | 'notFound' | 'failed',
  },
  actors: {
    loadForm: fromPromise<FormLoad, { experimentId: number | null }>(notProvided('loadForm')),
    saveExperiment: fromPromise<ExperimentWithConfig, SaveRequest>(notProvided('saveExperiment')),
    tryQuery: tryQueryMachine,
    coverage: coverageMachine,
  },
  guards: {
    hasNoEditId: ({ context }) => context.mode === 'edit' && context.experimentId === null,
    isMissing: (_, params: { load: FormLoad }) => params.load.experiment === null,
    hasDraftProblems: ({ context }) => hasProblems(experimentRequest(context.draft).problems),
  },
  actions: {
    /** Moves to another screen (wouter's navigate). */
    navigateTo: notProvided<{ path: string }>('navigateTo'),
    assignLoad: assign((_, params: { load: FormLoad }) => ({
      options: params.load.options,
      draft: params.load.experiment ? draftFromExperiment(params.load.experiment) : emptyDraft,
      loadError: null,
    })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: messageOf(params.error) })),
    change: assign(({ context }, params: { field: DraftField; value: string }) => {
      const { [params.field]: _fixed, ...problems } = context.problems;
      return { draft: { ...context.draft, [params.field]: params.value }, problems };
    }),
    askCoverage: sendTo('coverage', ({ context }) => ({ type: 'coverage.for' as const, ...pairOf(context.draft) })),
    assignDraftProblems: assign(({ context }) => ({ problems: experimentRequest(context.draft).problems })),
    assignSaveProblems: assign((_, params: { error: unknown }) => ({
      problems:
        params.error instanceof InvalidInputError
          ? fieldProblems(params.error.message, params.error.details)
          : { form: [messageOf(params.error)] },
    })),
  },
}).createMachine({
  id: 'experimentForm',
  context: ({ input, spawn }) => ({
    experimentId: input.mode === 'edit' ? input.experimentId : null,
    mode: input.mode,
    draft: emptyDraft,
    options: null,
    problems: {},
    datasetFilter: '',
    loadError: null,
    tryQuery: spawn('tryQuery', { id: 'tryQuery' }),
    coverage: spawn('coverage', { id: 'coverage', input: { goldenSetId: null, datasetId: null } }),
  }),
  initial: 'checkingId',
  states: {
    checkingId: {
      always: [{ guard: 'hasNoEditId', target: 'notFound' }, { target: 'loading' }],
    },
    // An edit address without a valid id (the page says 'Invalid experiment ID').
    notFound: { tags: 'notFound' },
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadForm',
        src: 'loadForm',
        input: ({ context }) => ({ experimentId: context.experimentId }),
        onDone: [
          { guard: { type: 'isMissing', params: ({ event }) => ({ load: event.output }) }, target: 'missing' },
          { target: 'editing', actions: [{ type: 'assignLoad', params: ({ event }) => ({ load: event.output }) }, 'askCoverage'] },
        ],
        onError: { target: 'failed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // The server has no experiment of that id.
    missing: { tags: 'missing' },
    failed: { tags: 'failed', on: { 'user.retry': 'loading' } },
    editing: {
      on: {
        'user.change': { actions: [{ type: 'change', params: ({ event }) => event }, 'askCoverage'] },
        'user.filterDatasets': { actions: assign({ datasetFilter: ({ event }) => event.text }) },
        'user.save': [{ guard: 'hasDraftProblems', actions: 'assignDraftProblems' }, { target: 'saving' }],
        'user.cancel': {
          actions: {
            type: 'navigateTo',
            params: ({ context }) => ({
              path: context.experimentId === null ? '/experiments' : `/experiment-runs/${context.experimentId}`,
            }),
          },
        },
      },
    },
    saving: {
      tags: 'saving',
      invoke: {
        id: 'saveExperiment',
        src: 'saveExperiment',
        input: ({ context }) => ({ experimentId: context.experimentId, request: experimentRequest(context.draft).value }),
        onDone: {
          target: 'saved',
          actions: { type: 'navigateTo', params: ({ event }) => ({ path: `/experiment-runs/${event.output.id}` }) },
        },
        onError: { target: 'editing', actions: { type: 'assignSaveProblems', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saved: {},
  },
});
