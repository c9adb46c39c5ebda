import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import type { UploadProgress } from '../../domain/datasets/upload-types';
import {
  draftProblems,
  emptyEvaluationDraft,
  evaluationUpload,
  hasDraftProblems,
  rankingFormatOfName,
  type CreatedEvaluation,
  type DraftField,
  type DraftProblems,
  type EvaluationDraft,
  type EvaluationFormOptions,
  type EvaluationUpload,
  type RankingFormat,
  type RankingProblem,
} from '../../domain/evaluations/evaluation-upload';
import { messageOf } from '../../domain/shared/error-message';

// New Evaluation (/evaluations/new): a ranking file made elsewhere, uploaded to be scored against a golden set.
// It loads the golden sets and datasets to choose from, then edits the form (name, golden set, dataset or the
// file's queries, k, gain, relevant-from, the file, and for a TREC run its queries file). Choosing a file reads
// its format from its name when the name tells one; the person may choose another. Send checks the form first
// and names each field at fault; then the upload runs with its progress and can be cancelled (the request is
// aborted). The server reads the whole file before storing anything: a refusal lists each problem by line and
// field, and the form stays as it was so nothing is lost. Created: the evaluation's page.

type UploadFailure = { message: string; problems: RankingProblem[] };

export type NewEvaluationContext = {
  draft: EvaluationDraft;
  options: EvaluationFormOptions | null;
  /** The form's own problems, shown after a Send they stopped; each goes when its field changes. */
  problems: DraftProblems;
  loadError: string | null;
  progress: UploadProgress | null;
  failure: UploadFailure | null;
  /** The last upload was cancelled (said until the form changes or is sent). */
  cancelled: boolean;
};

export type NewEvaluationEvent =
  | { type: 'user.change'; field: DraftField; value: string }
  | { type: 'user.chooseFile'; file: File | null }
  | { type: 'user.chooseQueries'; file: File | null }
  | { type: 'user.submit' }
  | { type: 'user.cancelUpload' }
  | { type: 'user.leave' }
  | { type: 'user.retry' }
  | { type: 'user.downloadExample'; example: 'ranking' | 'queries' }
  | ({ type: 'upload.progress' } & UploadProgress);

/** What the upload actor is given: the form to send, and where to report its progress. */
export type EvaluationUploadRequest = { upload: EvaluationUpload; reportProgress(progress: UploadProgress): void };

/** The problems a refused upload carries (UploadError's `problems`), else none. */
const problemsOf = (error: unknown): RankingProblem[] => {
  const problems = (error as { problems?: unknown } | null)?.problems;
  return Array.isArray(problems) ? (problems as RankingProblem[]) : [];
};

export const newEvaluationMachine = setup({
  types: {
    context: {} as NewEvaluationContext,
    events: {} as NewEvaluationEvent,
    tags: {} as 'loading' | 'busy',
  },
  actors: {
    loadOptions: fromPromise<EvaluationFormOptions>(notProvided('loadOptions')),
    uploadEvaluation: fromPromise<CreatedEvaluation, EvaluationUploadRequest>(notProvided('uploadEvaluation')),
  },
  guards: {
    hasDraftProblems: ({ context }) => hasDraftProblems(context.draft),
  },
  actions: {
    /** Moves to another screen (wouter's navigate). */
    navigateTo: notProvided<{ path: string }>('navigateTo'),
    /** Hands the browser a small example file of the chosen format (or a TREC run's queries file) to start from. */
    saveExample: notProvided<{ example: 'ranking' | 'queries'; format: RankingFormat }>('saveExample'),
    assignOptions: assign((_, params: { options: EvaluationFormOptions }) => ({ options: params.options, loadError: null })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: messageOf(params.error) })),
    change: assign(({ context }, params: { field: DraftField; value: string }) => {
      const { [params.field]: _fixed, ...problems } = context.problems;
      return { draft: { ...context.draft, [params.field]: params.value }, problems, cancelled: false };
    }),
    // A file whose name tells its format sets it; another keeps the format chosen.
    chooseFile: assign(({ context }, params: { file: File | null }) => {
      const { file: _fixed, ...problems } = context.problems;
      const format: RankingFormat = (params.file && rankingFormatOfName(params.file.name)) ?? context.draft.format;
      return { draft: { ...context.draft, file: params.file, format }, problems, failure: null, cancelled: false };
    }),
    chooseQueries: assign(({ context }, params: { file: File | null }) => ({
      draft: { ...context.draft, queries: params.file },
      failure: null,
      cancelled: false,
    })),
    assignDraftProblems: assign(({ context }) => ({ problems: draftProblems(context.draft), cancelled: false })),
    startUpload: assign({ progress: null, failure: null, cancelled: false }),
    assignProgress: assign((_, params: UploadProgress) => ({ progress: { loaded: params.loaded, total: params.total } })),
    assignFailure: assign((_, params: { error: unknown }) => ({
      failure: { message: messageOf(params.error), problems: problemsOf(params.error) },
    })),
    markCancelled: assign({ progress: null, cancelled: true }),
  },
}).createMachine({
  id: 'newEvaluation',
  context: {
    draft: emptyEvaluationDraft,
    options: null,
    problems: {},
    loadError: null,
    progress: null,
    failure: null,
    cancelled: false,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadOptions',
        src: 'loadOptions',
        onDone: { target: 'form', actions: { type: 'assignOptions', params: ({ event }) => ({ options: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { 'user.retry': 'loading' } },
    // The form, with the server's refusal (`failed`) shown until another file is chosen or it is sent again.
    form: {
      initial: 'editing',
      on: {
        'user.change': { actions: { type: 'change', params: ({ event }) => event } },
        'user.chooseFile': { target: '.editing', actions: { type: 'chooseFile', params: ({ event }) => event } },
        'user.chooseQueries': { target: '.editing', actions: { type: 'chooseQueries', params: ({ event }) => event } },
        'user.submit': [
          { guard: 'hasDraftProblems', actions: 'assignDraftProblems' },
          { target: 'uploading', actions: 'startUpload' },
        ],
        'user.leave': { actions: { type: 'navigateTo', params: { path: '/evaluations' } } },
        'user.downloadExample': {
          actions: { type: 'saveExample', params: ({ context, event }) => ({ example: event.example, format: context.draft.format }) },
        },
      },
      states: {
        editing: {},
        failed: {},
      },
    },
    uploading: {
      tags: 'busy',
      invoke: {
        id: 'uploadEvaluation',
        src: 'uploadEvaluation',
        input: ({ context, self }) => ({
          upload: evaluationUpload(context.draft),
          reportProgress: (progress: UploadProgress) => self.send({ type: 'upload.progress', ...progress }),
        }),
        onDone: {
          target: 'created',
          actions: { type: 'navigateTo', params: ({ event }) => ({ path: `/evaluations/${event.output.id}` }) },
        },
        onError: { target: 'form.failed', actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        'upload.progress': { actions: { type: 'assignProgress', params: ({ event }) => event } },
        // Leaving `uploading` stops the actor, whose abort signal aborts the request.
        'user.cancelUpload': { target: 'form.editing', actions: 'markCancelled' },
      },
    },
    created: {},
  },
});
