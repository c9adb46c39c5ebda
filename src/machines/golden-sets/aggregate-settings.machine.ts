import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import { messageOf } from '../../domain/shared/error-message';
import { ratingRuleProblem, savedRuleNotice, type RatingRule } from '../../domain/golden-sets/rating-rule';
import type { GoldenSet } from '../../domain/experiments/evaluation-backend-types';
import type { Aggregate } from '../../domain/judging/golden-set-judging-types';

// A golden set's rating rule changed — the aggregate, the ratings each pair should get, whether an
// adjudication overrides the aggregate — with one PATCH. The server grades every pair again by the new rule;
// its answer's version says whether any grade changed, and the notice says so. A refusal keeps the draft and
// shows the server's sentence. Each save is counted (`saves`): the page fetches what the grades show again.

export type AggregateSettingsInput = { goldenSetId: number | null };

export type AggregateSettingsContext = {
  goldenSetId: number | null;
  draft: RatingRule;
  /** The set's version when the settings were opened: a save that raises it changed grades. */
  versionBefore: number;
  error: string | null;
  /** What the last save did, shown once the settings close. */
  notice: string | null;
  saves: number;
};

export type AggregateSettingsEvent =
  | { type: 'user.open'; rule: RatingRule; version: number }
  | { type: 'user.aggregateChanged'; aggregate: Aggregate }
  | { type: 'user.ratingsPerPairChanged'; ratingsPerPair: number }
  | { type: 'user.preferAdjudicationChanged'; prefer: boolean }
  | { type: 'user.save' }
  | { type: 'user.cancel' };

export const aggregateSettingsMachine = setup({
  types: {
    context: {} as AggregateSettingsContext,
    input: {} as AggregateSettingsInput,
    events: {} as AggregateSettingsEvent,
    tags: {} as 'open' | 'saving',
  },
  actors: {
    saveRatingRule: fromPromise<GoldenSet, { goldenSetId: number; rule: RatingRule }>(notProvided('saveRatingRule')),
  },
  guards: {
    isValidDraft: ({ context }) => ratingRuleProblem(context.draft) === null,
  },
  actions: {
    startDraft: assign((_, params: { rule: RatingRule; version: number }) => ({
      draft: params.rule,
      versionBefore: params.version,
      error: null,
      notice: null,
    })),
    changeDraft: assign(({ context }, params: Partial<RatingRule>) => ({ draft: { ...context.draft, ...params }, error: null })),
    assignProblem: assign(({ context }) => ({ error: ratingRuleProblem(context.draft) })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    assignSaved: assign(({ context }, params: { saved: GoldenSet }) => ({
      saves: context.saves + 1,
      notice: savedRuleNotice(context.versionBefore, params.saved),
    })),
  },
}).createMachine({
  id: 'aggregateSettings',
  context: ({ input }) => ({
    goldenSetId: input.goldenSetId,
    draft: { aggregate: 'single', ratings_per_pair: 1, prefer_adjudication: true },
    versionBefore: 0,
    error: null,
    notice: null,
    saves: 0,
  }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'user.open': { target: 'editing', actions: { type: 'startDraft', params: ({ event }) => event } } },
    },
    editing: {
      tags: 'open',
      on: {
        'user.aggregateChanged': { actions: { type: 'changeDraft', params: ({ event }) => ({ aggregate: event.aggregate }) } },
        'user.ratingsPerPairChanged': {
          actions: { type: 'changeDraft', params: ({ event }) => ({ ratings_per_pair: event.ratingsPerPair }) },
        },
        'user.preferAdjudicationChanged': {
          actions: { type: 'changeDraft', params: ({ event }) => ({ prefer_adjudication: event.prefer }) },
        },
        'user.save': [{ guard: 'isValidDraft', target: 'saving' }, { actions: 'assignProblem' }],
        'user.cancel': 'closed',
      },
    },
    saving: {
      tags: ['open', 'saving'],
      invoke: {
        id: 'saveRatingRule',
        src: 'saveRatingRule',
        input: ({ context }) => ({ goldenSetId: context.goldenSetId!, rule: context.draft }),
        onDone: { target: 'closed', actions: { type: 'assignSaved', params: ({ event }) => ({ saved: event.output }) } },
        onError: { target: 'editing', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
