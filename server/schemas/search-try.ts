/** Try a query: one query through a search target as configured, saved or not. */
import { Type, type Static } from 'typebox';
import { MAX_INPUT_LENGTH, MAX_K } from './limits';
import { SearchTargetSchema } from './run-config';
import { Nullable } from './shared';

export const TryQuerySchema = Type.Object(
  {
    search_target: SearchTargetSchema,
    query: Type.String({ minLength: 1, maxLength: MAX_INPUT_LENGTH, description: 'The text searched, as a dataset entry’s input' }),
    k: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_K, default: 10, description: 'Hits wanted; 10 when absent' })),
    golden_set_id: Type.Optional(
      Type.Integer({ minimum: 1, description: 'Grades each hit with this golden set’s judgements of the query' }),
    ),
  },
  { additionalProperties: false },
);
export type TryQuery = Static<typeof TryQuerySchema>;

const TriedHitSchema = Type.Object({
  rank: Type.Integer({ minimum: 1 }),
  product_id: Type.String(),
  name: Type.Optional(Type.String()),
  image_url: Type.Optional(Type.String()),
  grade: Nullable(
    Type.Integer({ description: 'The golden set’s grade of the product for this query; null when not judged or no golden set' }),
  ),
  note: Type.Optional(
    Type.String({ description: 'What was left out of the hit and why, e.g. an image URL that is not http(s) or a path on this server' }),
  ),
});

const TryProblemSchema = Type.Object({
  message: Type.String({ description: 'What went wrong, as a run’s ERROR result would say it' }),
  raw: Type.Optional(
    Type.String({ description: 'The start of the service’s answer (configured secrets blanked) when a JSON pointer did not fit it' }),
  ),
});

export const TryResultSchema = Type.Object({
  hits: Type.Array(TriedHitSchema),
  elapsed_ms: Type.Number({ description: 'Time the search took, in milliseconds' }),
  /** Judged products of the query above 0: what the grades are out of. */
  judged: Type.Optional(Type.Integer({ description: 'Judgements of the query above 0 in the golden set' })),
  problem: Type.Optional(TryProblemSchema),
});
export type TryResult = Static<typeof TryResultSchema>;
