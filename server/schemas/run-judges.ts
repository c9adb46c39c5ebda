/** Whose ratings a run is scored with, and by which rule: recorded on every run, chosen by a rescore. */
import { Type, type Static } from 'typebox';
import { AggregateSchema, PreferAdjudicationSchema } from './golden-sets';
import { RaterKindSchema } from './judging';
import { IdSchema, OneOf } from './shared';

const MAX_PICKED_RATERS = 100;

const RaterKindsSchema = Type.Object(
  { kinds: Type.Array(RaterKindSchema, { minItems: 1, uniqueItems: true, description: 'Every rater of these kinds' }) },
  { additionalProperties: false },
);
const RaterIdsSchema = Type.Object(
  {
    rater_ids: Type.Array(IdSchema, {
      minItems: 1,
      maxItems: MAX_PICKED_RATERS,
      uniqueItems: true,
      description: 'These raters (GET golden-sets/{id}/raters), and no others',
    }),
  },
  { additionalProperties: false },
);

const RaterSelectionSchema = OneOf([Type.Literal('all'), RaterKindsSchema, RaterIdsSchema], {
  description:
    "Whose ratings make each pair's grade: 'all' (every rater: the golden set's own grades), { kinds } or { rater_ids }. A pair none of them rated is unjudged",
});
export type RaterSelection = Static<typeof RaterSelectionSchema>;

export const RunJudgesSchema = Type.Object(
  {
    raters: RaterSelectionSchema,
    aggregate: AggregateSchema,
    prefer_adjudication: PreferAdjudicationSchema,
    rater_names: Type.Optional(
      Type.Array(Type.String(), { description: 'With picked raters: their names when the run was scored, in the order of rater_ids' }),
    ),
  },
  {
    description:
      "The raters and the rule the run was scored with. A run records all raters and its golden set's rule when it starts; a rescore may choose others. Null for runs from before this was kept, or made elsewhere",
  },
);
export type RunJudges = Static<typeof RunJudgesSchema>;

export type RescoreBody = Partial<RunJudges>;

export const RescoreBodySchema = Type.Unsafe<RescoreBody | null>({
  type: ['object', 'null'],
  properties: {
    raters: { ...RaterSelectionSchema, description: "Whose ratings grade the pairs; 'all' when left out" },
    aggregate: {
      ...AggregateSchema,
      description: "The rule that makes a pair's grade of its ratings; the golden set's rule when left out",
    },
    prefer_adjudication: {
      ...PreferAdjudicationSchema,
      description: "A pair's newest adjudication decides its grade (among the chosen raters'); the golden set's choice when left out",
    },
  },
  additionalProperties: false,
});
