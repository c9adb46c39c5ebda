import { Type, type Static } from 'typebox';
import { IdSchema, Nullable, TimestampSchema } from './shared';

const JUDGE_JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'];

export const NewJudgeJobSchema = Type.Object({
  golden_set_id: IdSchema,
  run_id: Type.Optional(IdSchema),
  scope: Type.Union([Type.Literal('unjudged'), Type.Literal('all')], {
    description:
      "With run_id: 'unjudged' the run's top-k pairs the set does not judge now, 'all' all of its top-k pairs; " +
      "without: 'all' every pair the set judges (to measure agreement), 'unjudged' is refused",
  }),
});
export type NewJudgeJob = Static<typeof NewJudgeJobSchema>;

export const JudgeJobEstimateSchema = Type.Object(
  {
    pairs: Type.Integer({ minimum: 0 }),
    prompt_tokens: Type.Integer({ minimum: 0, description: 'Pairs × the average prompt size per pair of a sample of rendered prompts' }),
    cost: Type.Number({
      minimum: 0,
      description: 'prompt_tokens at the input price, plus 50 answer tokens per pair at the output price',
    }),
  },
  {
    description:
      'Before the job starts. A prompt is counted at 4 characters a token (the usual rule of thumb for English; the ' +
      "model's own tokenizer may count 20% more or fewer); the answer is assumed to take 50 tokens per pair.",
  },
);
export type JudgeJobEstimate = Static<typeof JudgeJobEstimateSchema>;

const JudgeJobFailureSchema = Type.Object({
  query: Type.String(),
  product_id: Type.String(),
  error: Type.String(),
  raw_answer: Nullable(Type.String({ description: 'What the model or service answered (secrets blanked); null when nothing came back' })),
  at: TimestampSchema,
});
export type JudgeJobFailure = Static<typeof JudgeJobFailureSchema>;

export const JudgeJobSchema = Type.Object({
  id: IdSchema,
  judge_id: Nullable(Type.Integer({ description: 'Null once the judge is deleted' })),
  judge_name: Type.String(),
  golden_set_id: IdSchema,
  run_id: Nullable(Type.Integer()),
  scope: Type.String({ enum: ['unjudged', 'all'] }),
  status: Type.String({ enum: JUDGE_JOB_STATUSES }),
  done: Type.Integer({ description: 'Pairs handled so far, graded or failed' }),
  total: Type.Integer(),
  failed: Type.Integer({ description: 'Pairs the model gave no grade for' }),
  tokens_in: Type.Integer(),
  tokens_out: Type.Integer(),
  cost: Type.Number({ description: "Tokens in and out at the judge's prices, summed over the calls" }),
  estimate: JudgeJobEstimateSchema,
  error: Nullable(Type.String({ description: 'Why the job failed' })),
  failures: Type.Array(JudgeJobFailureSchema, { description: 'The first 200 failures, oldest first' }),
  created_by: Type.String(),
  created_at: TimestampSchema,
  started_at: Nullable(TimestampSchema),
  finished_at: Nullable(TimestampSchema),
});
export type JudgeJob = Static<typeof JudgeJobSchema>;

export const StartedJudgeJobSchema = Type.Object({ id: IdSchema, estimate: JudgeJobEstimateSchema });
