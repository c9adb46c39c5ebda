import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import { sendReload, type ReloadInput } from '../shared/reload';
import type { GoldenSetFormat, GoldenSetUpload, UploadedGoldenSet } from '../../domain/golden-sets/golden-set-upload';
import { messageOf } from '../../domain/shared/error-message';

// On /golden-sets, the 'Add Golden Set' upload modal. Name (required once trimmed), description, market, the
// scale (highest grade and comma-separated labels, both optional), format (CSV: one `query,product_id,relevance`
// file; TREC: qrels plus a `qid<TAB>query` queries file). The server imports all or nothing: a refusal keeps
// the form open with its message and the problems it lists by file and row. On success its reload target (the
// list) hears `reload` and the dialog stays open on a summary (what was created, and the server's warnings of
// queries no entry asks and products not in the catalogue) until the person closes it.

/** One problem of an uploaded file: `row` counts a CSV header as 1, or is a TREC file's line. */
export type UploadProblem = { file?: string; row: number; column: string | null; problem: string };

export type UploadGoldenSetContext = ReloadInput & {
  name: string;
  description: string;
  market: string;
  /** The scale, both optional (blank: the server's default). */
  maxGrade: string;
  gradeLabels: string;
  format: GoldenSetFormat;
  file: File | null;
  queries: File | null;
  error: string | null;
  problems: UploadProblem[];
  /** The server's answer once the upload is complete. */
  result: UploadedGoldenSet | null;
};

export type UploadGoldenSetEvent =
  | { type: 'user.open' }
  | { type: 'user.cancel' }
  | { type: 'user.changeName'; value: string }
  | { type: 'user.changeDescription'; value: string }
  | { type: 'user.changeMarket'; value: string }
  | { type: 'user.changeMaxGrade'; value: string }
  | { type: 'user.changeGradeLabels'; value: string }
  | { type: 'user.changeFormat'; format: GoldenSetFormat }
  | { type: 'user.chooseFile'; file: File | null }
  | { type: 'user.chooseQueries'; file: File | null }
  | { type: 'user.submit' };

/** The problems a refused upload carries (UploadError's `problems`), else none. */
const problemsOf = (error: unknown): UploadProblem[] => {
  const problems = (error as { problems?: unknown } | null)?.problems;
  return Array.isArray(problems) ? (problems as UploadProblem[]) : [];
};

/** Ready to send: a name, the judgements file and, for TREC, the queries file. */
export const isGoldenSetUploadReady = (form: Pick<UploadGoldenSetContext, 'name' | 'format' | 'file' | 'queries'>) =>
  form.name.trim() !== '' && form.file !== null && (form.format === 'csv' || form.queries !== null);

const emptyForm = {
  name: '',
  description: '',
  market: '',
  maxGrade: '',
  gradeLabels: '',
  format: 'csv' as GoldenSetFormat,
  file: null,
  queries: null,
  error: null,
  problems: [],
  result: null,
};

export const uploadGoldenSetMachine = setup({
  types: {
    context: {} as UploadGoldenSetContext,
    input: {} as ReloadInput,
    events: {} as UploadGoldenSetEvent,
    tags: {} as 'modalOpen' | 'busy',
  },
  actors: {
    uploadGoldenSet: fromPromise<UploadedGoldenSet, GoldenSetUpload>(notProvided('uploadGoldenSet')),
  },
  guards: {
    isReady: ({ context }) => isGoldenSetUploadReady(context),
  },
  actions: {
    resetForm: assign(emptyForm),
    assignField: assign(
      (
        _,
        params: Partial<
          Pick<UploadGoldenSetContext, 'name' | 'description' | 'market' | 'maxGrade' | 'gradeLabels' | 'format' | 'file' | 'queries'>
        >,
      ) => ({
        ...params,
        error: null,
        problems: [],
      }),
    ),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error), problems: problemsOf(params.error) })),
    assignResult: assign((_, params: { result: UploadedGoldenSet }) => ({ result: params.result })),
    sendReload: sendReload(),
  },
}).createMachine({
  id: 'uploadGoldenSet',
  context: ({ input }) => ({ ...emptyForm, reloadTarget: input.reloadTarget }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'user.open': { target: 'editing', actions: 'resetForm' } },
    },
    editing: {
      tags: 'modalOpen',
      on: {
        'user.cancel': { target: 'closed', actions: 'resetForm' },
        'user.changeName': { actions: { type: 'assignField', params: ({ event }) => ({ name: event.value }) } },
        'user.changeDescription': { actions: { type: 'assignField', params: ({ event }) => ({ description: event.value }) } },
        'user.changeMarket': { actions: { type: 'assignField', params: ({ event }) => ({ market: event.value }) } },
        'user.changeMaxGrade': { actions: { type: 'assignField', params: ({ event }) => ({ maxGrade: event.value }) } },
        'user.changeGradeLabels': { actions: { type: 'assignField', params: ({ event }) => ({ gradeLabels: event.value }) } },
        'user.changeFormat': { actions: { type: 'assignField', params: ({ event }) => ({ format: event.format }) } },
        'user.chooseFile': { actions: { type: 'assignField', params: ({ event }) => ({ file: event.file }) } },
        'user.chooseQueries': { actions: { type: 'assignField', params: ({ event }) => ({ queries: event.file }) } },
        'user.submit': { guard: 'isReady', target: 'uploading' },
      },
    },
    uploading: {
      tags: ['modalOpen', 'busy'],
      invoke: {
        id: 'uploadGoldenSet',
        src: 'uploadGoldenSet',
        input: ({ context }) => ({
          name: context.name.trim(),
          description: context.description.trim(),
          market: context.market.trim(),
          format: context.format,
          file: context.file!,
          queries: context.format === 'trec' ? context.queries : null,
          // Sent only when given: the server's default scale is 0–3 Poor, Fair, Good, Perfect.
          ...(context.maxGrade.trim() ? { maxGrade: context.maxGrade.trim() } : {}),
          ...(context.gradeLabels.trim() ? { gradeLabels: context.gradeLabels.trim() } : {}),
        }),
        onDone: {
          target: 'complete',
          actions: [{ type: 'assignResult', params: ({ event }) => ({ result: event.output }) }, 'sendReload'],
        },
        onError: { target: 'editing', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // The summary stays until the person closes it.
    complete: {
      tags: 'modalOpen',
      on: { 'user.cancel': { target: 'closed', actions: 'resetForm' } },
    },
  },
});
