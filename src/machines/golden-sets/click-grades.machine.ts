import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import type { ReloadTarget } from '../shared/reload';
import {
  DEFAULT_MIN_IMPRESSIONS,
  suggestedThresholds,
  type ClickLogAnswer,
  type ClickLogFormat,
  type ClickLogRequest,
} from '../../domain/golden-sets/click-grades';
import type { GradeScale } from '../../domain/judging/golden-set-judging-types';
import { messageOf } from '../../domain/shared/error-message';
import { DEFAULT_SCALE } from '../../domain/golden-sets/grade-scale';

// On /golden-sets/{id}, the 'Grades from clicks' dialog: a click log (UBI JSON Lines or counted CSV), the
// impressions a pair needs to be graded and the COEC boundaries between the set's grades (suggested for its
// scale). Preview sends them and shows how many pairs each grade gets; nothing is stored. Any change to the
// form sets the preview aside: only grades seen are stored. Store sends the same form to be stored as the
// set's rater "clicks" and shows what it did until the person closes the dialog; the page (its reload target)
// hears `reload`. A refusal keeps the form with the server's message and the problems it lists by line.
// Cancel stops a preview on its way (the server stores nothing for one); a store cannot be called back.

type ClickGradeFields = {
  format: ClickLogFormat;
  file: File | null;
  minImpressions: string;
  thresholds: string;
};

type ClickLogProblem = { row: number; column: string | null; problem: string };
type ClickGradeFailure = { message: string; problems: ClickLogProblem[] };

type ClickGradesContext = {
  /** null on a page that names no golden set, where the dialog never opens. */
  goldenSetId: number | null;
  scale: GradeScale;
  fields: ClickGradeFields;
  /** The preview's answer while the form is as it was sent. */
  preview: ClickLogAnswer | null;
  /** What the store answered, shown until the dialog closes. */
  stored: ClickLogAnswer | null;
  failure: ClickGradeFailure | null;
  reloadTarget: ReloadTarget | null;
};

type ClickGradesEvent =
  | { type: 'user.open'; scale: GradeScale }
  | { type: 'user.change'; fields: Partial<ClickGradeFields> }
  | { type: 'user.submit' }
  | { type: 'user.cancel' };

const emptyFields = (scale: GradeScale): ClickGradeFields => ({
  format: 'ubi',
  file: null,
  minImpressions: DEFAULT_MIN_IMPRESSIONS,
  thresholds: suggestedThresholds(scale),
});

const problemsOf = (error: unknown): ClickLogProblem[] => {
  const problems = (error as { problems?: unknown } | null)?.problems;
  return Array.isArray(problems) ? (problems as ClickLogProblem[]) : [];
};

/** Ready to preview: a file, and something typed in each field (the server says what is wrong with it). */
export const isClickLogReady = (fields: ClickGradeFields) =>
  fields.file !== null && fields.minImpressions.trim() !== '' && fields.thresholds.trim() !== '';

const requestOf = (context: ClickGradesContext, preview: boolean): ClickLogRequest => ({
  goldenSetId: context.goldenSetId!,
  format: context.fields.format,
  // Sent only once `isReady` saw the file.
  file: context.fields.file!,
  minImpressions: context.fields.minImpressions.trim(),
  thresholds: context.fields.thresholds.trim(),
  preview,
});

export const clickGradesMachine = setup({
  types: {
    input: {} as { goldenSetId: number | null; reloadTarget?: ReloadTarget },
    context: {} as ClickGradesContext,
    events: {} as ClickGradesEvent,
    tags: {} as 'modalOpen' | 'busy',
  },
  actors: {
    gradeClickLog: fromPromise<ClickLogAnswer, ClickLogRequest>(notProvided('gradeClickLog')),
  },
  guards: {
    isReady: ({ context }) => isClickLogReady(context.fields),
  },
  actions: {
    open: assign((_, params: { scale: GradeScale }) => ({
      scale: params.scale,
      fields: emptyFields(params.scale),
      preview: null,
      stored: null,
      failure: null,
    })),
    assignFields: assign(({ context }, params: { fields: Partial<ClickGradeFields> }) => ({
      fields: { ...context.fields, ...params.fields },
      preview: null,
      failure: null,
    })),
    assignPreview: assign((_, params: { answer: ClickLogAnswer }) => ({ preview: params.answer, failure: null })),
    assignStored: assign((_, params: { answer: ClickLogAnswer }) => ({ stored: params.answer, failure: null })),
    assignFailure: assign((_, params: { error: unknown }) => ({
      failure: { message: messageOf(params.error), problems: problemsOf(params.error) },
    })),
    sendReload: enqueueActions(({ context, enqueue }) => {
      if (context.reloadTarget) enqueue.sendTo(context.reloadTarget, { type: 'reload' });
    }),
  },
}).createMachine({
  id: 'clickGrades',
  context: ({ input }) => ({
    goldenSetId: input.goldenSetId,
    scale: DEFAULT_SCALE,
    fields: emptyFields(DEFAULT_SCALE),
    preview: null,
    stored: null,
    failure: null,
    reloadTarget: input.reloadTarget ?? null,
  }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'user.open': { target: 'editing', actions: { type: 'open', params: ({ event }) => event } } },
    },
    editing: {
      tags: 'modalOpen',
      on: {
        'user.change': { actions: { type: 'assignFields', params: ({ event }) => event } },
        'user.submit': { guard: 'isReady', target: 'previewing' },
        'user.cancel': 'closed',
      },
    },
    previewing: {
      tags: ['modalOpen', 'busy'],
      invoke: {
        id: 'gradeClickLog',
        src: 'gradeClickLog',
        input: ({ context }) => requestOf(context, true),
        onDone: { target: 'previewed', actions: { type: 'assignPreview', params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: 'editing', actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) } },
      },
      on: { 'user.cancel': 'closed' },
    },
    previewed: {
      tags: 'modalOpen',
      on: {
        'user.change': { target: 'editing', actions: { type: 'assignFields', params: ({ event }) => event } },
        'user.submit': 'storing',
        'user.cancel': 'closed',
      },
    },
    storing: {
      tags: ['modalOpen', 'busy'],
      invoke: {
        id: 'storeClickGrades',
        src: 'gradeClickLog',
        input: ({ context }) => requestOf(context, false),
        onDone: {
          target: 'stored',
          actions: [{ type: 'assignStored', params: ({ event }) => ({ answer: event.output }) }, 'sendReload'],
        },
        onError: { target: 'previewed', actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    stored: {
      tags: 'modalOpen',
      on: { 'user.cancel': 'closed' },
    },
  },
});
