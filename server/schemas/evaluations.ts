/** Evaluations as the API shows them (GET /api/backend/evaluations/…): rankings made elsewhere, scored here. */
import { Type, type Static } from 'typebox';
import { MAX_K, MAX_NAME_LENGTH } from './limits';
import { RunSummarySchema } from './runs';

const nullableId = (description: string) => Type.Union([Type.Integer(), Type.Null()], { description });
const nullableName = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

export const EvaluationSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  status: Type.String({ description: "Its scoring's: pending, running, success, failed or cancelled (as a run's)" }),
  error: Type.Union([Type.String(), Type.Null()], { description: 'Why its scoring failed, when it did' }),
  run_id: Type.Integer({ description: 'The run that holds its scores, results and progress (results and exports as a run’s)' }),
  golden_set_id: nullableId('The golden set it is scored against; null once that set is deleted'),
  golden_set_name: nullableName('Its name'),
  dataset_id: nullableId('The dataset whose queries it is scored on; null for the file’s own queries'),
  dataset_name: nullableName('Its name'),
  k: Type.Integer(),
  gain: Type.String({ description: 'linear or exponential' }),
  relevant_from: Type.Integer(),
  format: Type.String({ description: 'The file’s format: trec, csv or jsonl' }),
  file_name: Type.String(),
  progress: Type.Object({ done: Type.Integer(), total: Type.Integer() }),
  created_by: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  finished_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type Evaluation = Static<typeof EvaluationSchema>;

export const EvaluationDetailsSchema = Type.Object({
  ...EvaluationSchema.properties,
  summary: Type.Optional(RunSummarySchema),
});
export type EvaluationDetails = Static<typeof EvaluationDetailsSchema>;

/** The upload form (documented for OpenAPI; the parts are read as a stream). */
export const EvaluationFormSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: MAX_NAME_LENGTH }),
  golden_set_id: Type.String({ description: 'The golden set to score against' }),
  dataset_id: Type.Optional(Type.String({ description: "Its queries are the evaluation's; without one, the file's are" })),
  k: Type.Optional(Type.String({ description: `Results scored per query, 1 to ${MAX_K} (10 unless given)` })),
  gain: Type.Optional(Type.Enum(['linear', 'exponential'], { type: 'string', default: 'linear' })),
  relevant_from: Type.Optional(Type.String({ description: 'The lowest grade that counts as relevant (1 unless given)' })),
  format: Type.Optional(Type.Enum(['trec', 'csv', 'jsonl'], { type: 'string', description: "Else from the file's name" })),
  queries: Type.Optional(Type.String({ format: 'binary', description: 'TREC only, before the file: qid<TAB>query lines' })),
  file: Type.String({ format: 'binary', description: 'TREC run, CSV query,product_id,rank[,score], or JSON Lines' }),
});

export const RankingProblemSchema = Type.Object({
  row: Type.Integer({ description: 'The file line (CSV: the row, the header being 1)' }),
  column: Type.Union([Type.String(), Type.Null()], { description: 'The field at fault, or null for the whole line' }),
  problem: Type.String(),
});

export const CreatedEvaluationSchema = Type.Object({
  id: Type.Integer(),
  run_id: Type.Integer(),
  status: Type.String({ description: 'pending: its scoring is queued' }),
  queries: Type.Integer({ description: 'The queries the file ranks' }),
});
