/** Evaluations as the API shows them (GET /api/backend/evaluations/…): rankings made elsewhere, scored here. */
import { Type, type Static } from 'typebox';
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
