import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { addJudgementMachine } from './add-judgement.machine';
import { notProvided } from '../shared/not-provided';
import { messageOf } from '../../domain/shared/error-message';
import { gradeText, isInScale } from '../../domain/golden-sets/grade-scale';
import {
  editFailureText,
  editInFlight,
  focusAfterRemoving,
  fromServer,
  neighbour,
  noEdits,
  rowOf,
  shownRows,
  withEdit,
  withoutFailed,
  withSaved,
  type JudgementEdit,
  type JudgementEdits,
} from '../../domain/golden-sets/judgement-edits';
import type { GradeScale, Judgement } from '../../domain/judging/golden-set-judging-types';

// The judgements of one query of a golden set, graded in place. Like the dataset editor's
// membership, every change shows at once and is saved at once, optimistically: changes wait in a queue
// (judgement-edits.ts) and are sent one at a time, so quick changes to different products keep their order
// and none is lost; a refusal brings back the server's value of that product only, with a message that says
// so. Each change the server took is counted (`saves`): the page watches the count and refreshes its
// counts and history. The keyboard's row (`active`) lives here so Up/Down and removal move it over the shown rows.

export type QueryJudgementsInput = { goldenSetId: number; query: string; scale: GradeScale };

export type QueryJudgementsContext = QueryJudgementsInput & {
  edits: JudgementEdits;
  /** The product whose row has the keyboard. */
  active: string | null;
  /** Why the judgements could not be loaded, or why the last change was refused. */
  error: string | null;
  adder: ActorRefFrom<typeof addJudgementMachine>;
  /** How many changes the server took: the page refreshes its counts and history when it grows. */
  saves: number;
};

type AddJudgementEvent = { type: 'user.add'; productId: string; grade: number; name?: string | null; imageUrl?: string | null };

export type QueryJudgementsEvent =
  | { type: 'user.grade'; productId: string; grade: number }
  | { type: 'user.remove'; productId: string }
  | AddJudgementEvent
  | { type: 'user.focus'; productId: string }
  | { type: 'user.move'; step: 1 | -1 }
  | { type: 'user.dismiss' }
  | { type: 'user.retry' }
  /** The golden set's scale changed (the scale editor): keys and labels follow it. */
  | { type: 'scale.changed'; scale: GradeScale };

type EventOf<T extends QueryJudgementsEvent['type']> = { event: Extract<QueryJudgementsEvent, { type: T }> };

// The three changes, the same whether the queue is empty (they start the save) or not (they join it).
const onGrade = {
  guard: { type: 'isNewGrade', params: ({ event }: EventOf<'user.grade'>) => event },
  actions: {
    type: 'applyEdit',
    params: ({ event }: EventOf<'user.grade'>): { edit: JudgementEdit } => ({
      edit: { kind: 'grade', product_id: event.productId, grade: event.grade },
    }),
  },
} as const;
const onRemove = {
  guard: { type: 'isShown', params: ({ event }: EventOf<'user.remove'>) => event },
  actions: [
    { type: 'focusAfterRemoving', params: ({ event }: EventOf<'user.remove'>) => event },
    {
      type: 'applyEdit',
      params: ({ event }: EventOf<'user.remove'>): { edit: JudgementEdit } => ({
        edit: { kind: 'remove', product_id: event.productId },
      }),
    },
  ],
} as const;
const onAdd = {
  guard: { type: 'isAddable', params: ({ event }: EventOf<'user.add'>) => event },
  actions: [
    {
      type: 'applyEdit',
      params: ({ event }: EventOf<'user.add'>): { edit: JudgementEdit } => ({
        edit: {
          kind: 'grade',
          product_id: event.productId.trim(),
          grade: event.grade,
          name: event.name ?? null,
          image_url: event.imageUrl ?? null,
        },
      }),
    },
    { type: 'setActive', params: ({ event }: EventOf<'user.add'>) => ({ productId: event.productId.trim() }) },
  ],
} as const;

export const queryJudgementsMachine = setup({
  types: {
    context: {} as QueryJudgementsContext,
    input: {} as QueryJudgementsInput,
    events: {} as QueryJudgementsEvent,
    tags: {} as 'loading' | 'failed' | 'saving',
  },
  actors: {
    fetchJudgements: fromPromise<Judgement[], { goldenSetId: number; query: string }>(notProvided('fetchJudgements')),
    /** One change of a query of a golden set: the judgement as the server saved it, or null after a removal. */
    saveEdit: fromPromise<Judgement | null, { goldenSetId: number; query: string; edit: JudgementEdit }>(notProvided('saveEdit')),
    addJudgement: addJudgementMachine,
  },
  guards: {
    isNewGrade: ({ context }, params: { productId: string; grade: number }) => {
      const row = rowOf(context.edits, params.productId);
      return row !== null && row.grade !== params.grade && isInScale(context.scale, params.grade);
    },
    isShown: ({ context }, params: { productId: string }) => rowOf(context.edits, params.productId) !== null,
    isAddable: ({ context }, params: { productId: string; grade: number }) =>
      params.productId.trim() !== '' && isInScale(context.scale, params.grade),
    hasShownRows: ({ context }) => shownRows(context.edits).length > 0,
    /** Besides the change being saved (guards run before its answer is assigned). */
    hasWaitingEdits: ({ context }) => context.edits.queue.length > 1,
  },
  actions: {
    assignLoaded: assign((_, params: { judgements: Judgement[] }) => ({ edits: fromServer(params.judgements), error: null })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ edits: noEdits(), error: messageOf(params.error) })),
    applyEdit: assign(({ context }, params: { edit: JudgementEdit }) => ({ edits: withEdit(context.edits, params.edit), error: null })),
    /** A removed row's keyboard goes to its neighbour (computed before the row leaves). */
    focusAfterRemoving: assign(({ context }, params: { productId: string }) =>
      context.active === params.productId ? { active: focusAfterRemoving(shownRows(context.edits), params.productId) } : {},
    ),
    setActive: assign((_, params: { productId: string | null }) => ({ active: params.productId })),
    moveActive: assign(({ context }, params: { step: 1 | -1 }) => ({
      active: neighbour(shownRows(context.edits), context.active, params.step),
    })),
    assignSaved: assign(({ context }, params: { judgement: Judgement | null }) => ({
      edits: withSaved(context.edits, params.judgement),
      saves: context.saves + 1,
    })),
    revertFailed: assign(({ context }, params: { error: unknown }) => {
      const failed = editInFlight(context.edits)!;
      const edits = withoutFailed(context.edits);
      const restored = rowOf(edits, failed.product_id);
      return {
        edits,
        error: editFailureText(failed, messageOf(params.error), restored, (grade) => gradeText(context.scale, grade)),
      };
    }),
    clearError: assign({ error: null }),
    assignScale: assign((_, params: { scale: GradeScale }) => ({ scale: params.scale })),
  },
}).createMachine({
  id: 'queryJudgements',
  context: ({ input, spawn }) => ({
    ...input,
    edits: noEdits(),
    active: null,
    error: null,
    saves: 0,
    adder: spawn('addJudgement', { id: 'adder' }),
  }),
  on: { 'scale.changed': { actions: { type: 'assignScale', params: ({ event }) => event } } },
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'fetchJudgements',
        src: 'fetchJudgements',
        input: ({ context }) => ({ goldenSetId: context.goldenSetId, query: context.query }),
        onDone: { target: 'ready', actions: { type: 'assignLoaded', params: ({ event }) => ({ judgements: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { tags: 'failed', on: { 'user.retry': 'loading' } },
    ready: {
      on: {
        'user.focus': {
          guard: { type: 'isShown', params: ({ event }) => event },
          actions: { type: 'setActive', params: ({ event }) => event },
        },
        'user.move': { guard: 'hasShownRows', actions: { type: 'moveActive', params: ({ event }) => event } },
        'user.dismiss': { actions: 'clearError' },
      },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'user.grade': { ...onGrade, target: 'saving' as const },
            'user.remove': { ...onRemove, target: 'saving' as const },
            'user.add': { ...onAdd, target: 'saving' as const },
          },
        },
        saving: {
          tags: 'saving',
          // A change while one is saved joins the queue; this state stays and its save is not restarted.
          on: { 'user.grade': onGrade, 'user.remove': onRemove, 'user.add': onAdd },
          invoke: {
            id: 'saveEdit',
            src: 'saveEdit',
            input: ({ context }) => ({ goldenSetId: context.goldenSetId, query: context.query, edit: editInFlight(context.edits)! }),
            onDone: [
              {
                guard: 'hasWaitingEdits',
                target: 'saving',
                reenter: true,
                actions: [{ type: 'assignSaved', params: ({ event }) => ({ judgement: event.output }) }],
              },
              { target: 'idle', actions: [{ type: 'assignSaved', params: ({ event }) => ({ judgement: event.output }) }] },
            ],
            onError: [
              {
                guard: 'hasWaitingEdits',
                target: 'saving',
                reenter: true,
                actions: { type: 'revertFailed', params: ({ event }) => ({ error: event.error }) },
              },
              { target: 'idle', actions: { type: 'revertFailed', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
      },
    },
  },
});
