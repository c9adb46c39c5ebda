import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import { messageOf } from '../../domain/shared/error-message';
import { resizedLabels, scaleProblem } from '../../domain/golden-sets/grade-scale';
import type { GradeScale } from '../../domain/judging/golden-set-judging-types';

// The golden set's scale changed after upload — its highest grade and a label per grade — with one
// PATCH. The server refuses a highest grade below existing judgements (409, "3 judgements are graded above
// 2: change them first"): the message is shown and the draft stays. Each save is counted (`saves`);
// the page watches the count and fetches the golden set again.

export type ScaleEditorInput = { goldenSetId: number | null };

export type ScaleEditorContext = {
  goldenSetId: number | null;
  draft: GradeScale;
  error: string | null;
  /** Scales saved: the page fetches the golden set again when it grows. */
  saves: number;
};

export type ScaleEditorEvent =
  | { type: 'user.open'; scale: GradeScale }
  | { type: 'user.maxGradeChanged'; maxGrade: number }
  | { type: 'user.labelChanged'; grade: number; label: string }
  | { type: 'user.save' }
  | { type: 'user.cancel' };

export const scaleEditorMachine = setup({
  types: {
    context: {} as ScaleEditorContext,
    input: {} as ScaleEditorInput,
    events: {} as ScaleEditorEvent,
    tags: {} as 'open' | 'saving',
  },
  actors: {
    saveScale: fromPromise<void, { goldenSetId: number; scale: GradeScale }>(notProvided('saveScale')),
  },
  guards: {
    isValidDraft: ({ context }) => scaleProblem(context.draft) === null,
  },
  actions: {
    startDraft: assign((_, params: { scale: GradeScale }) => ({ draft: params.scale, error: null })),
    setMaxGrade: assign(({ context }, params: { maxGrade: number }) => ({
      draft: { max_grade: params.maxGrade, labels: resizedLabels(context.draft.labels, Math.max(0, params.maxGrade)) },
      error: null,
    })),
    setLabel: assign(({ context }, params: { grade: number; label: string }) => ({
      draft: { ...context.draft, labels: context.draft.labels.map((label, grade) => (grade === params.grade ? params.label : label)) },
      error: null,
    })),
    assignProblem: assign(({ context }) => ({ error: scaleProblem(context.draft) })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    countSave: assign(({ context }) => ({ saves: context.saves + 1 })),
  },
}).createMachine({
  id: 'scaleEditor',
  context: ({ input }) => ({ goldenSetId: input.goldenSetId, draft: { max_grade: 0, labels: [] }, error: null, saves: 0 }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'user.open': { target: 'editing', actions: { type: 'startDraft', params: ({ event }) => event } } },
    },
    editing: {
      tags: 'open',
      on: {
        'user.maxGradeChanged': { actions: { type: 'setMaxGrade', params: ({ event }) => event } },
        'user.labelChanged': { actions: { type: 'setLabel', params: ({ event }) => event } },
        'user.save': [{ guard: 'isValidDraft', target: 'saving' }, { actions: 'assignProblem' }],
        'user.cancel': 'closed',
      },
    },
    saving: {
      tags: ['open', 'saving'],
      invoke: {
        id: 'saveScale',
        src: 'saveScale',
        input: ({ context }) => ({ goldenSetId: context.goldenSetId!, scale: context.draft }),
        onDone: { target: 'closed', actions: 'countSave' },
        onError: { target: 'editing', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
