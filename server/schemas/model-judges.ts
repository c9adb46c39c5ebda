import { Type, type Static } from 'typebox';
import { MAX_COST_PER_EVALUATION, MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from './limits';
import { IdSchema, Nullable, TimestampSchema } from './shared';

/** Longest prompt template and guidelines: a few pages, far below what a model's context holds. */
const MAX_PROMPT_LENGTH = 20_000;
/** Catalogue fields a judge may show the model per product. */
const MAX_PRODUCT_FIELDS = 20;

const judgeFields = {
  base_url: Type.String({
    minLength: 1,
    maxLength: 2000,
    description: 'The API root with its /v1 (http://127.0.0.1:11434/v1); requests go to {base_url}/chat/completions',
  }),
  model: Type.String({ minLength: 1, maxLength: MAX_NAME_LENGTH, description: 'The model name the API knows (gpt-4o-mini, llama3.1)' }),
  temperature: Type.Number({ minimum: 0, maximum: 2 }),
  seed: Nullable(Type.Integer({ minimum: 0, maximum: 2_147_483_647, description: 'Asks the model for repeatable answers; null: none' })),
  prompt_template: Type.String({
    maxLength: MAX_PROMPT_LENGTH,
    description:
      'The prompt, with {query} and {products}, and optionally {scale}, {guidelines} and {answer_format} (appended when missing); empty: the default template',
  }),
  guidelines: Type.String({ maxLength: MAX_DESCRIPTION_LENGTH, description: 'How to grade, shown to the model at {guidelines}' }),
  product_fields: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
    minItems: 1,
    maxItems: MAX_PRODUCT_FIELDS,
    description: "The product's fields the model sees: name, description, or an attribute's key",
  }),
  products_per_call: Type.Integer({ minimum: 1, maximum: 20, description: 'Products graded per request' }),
  concurrency: Type.Integer({ minimum: 1, maximum: 16, description: 'Requests in flight at once' }),
  requests_per_minute: Type.Integer({ minimum: 1, maximum: 10_000 }),
  price_per_1k_input: Type.Number({ minimum: 0, maximum: MAX_COST_PER_EVALUATION, description: 'Cost of 1,000 prompt tokens' }),
  price_per_1k_output: Type.Number({ minimum: 0, maximum: MAX_COST_PER_EVALUATION, description: 'Cost of 1,000 completion tokens' }),
};

const apiKeySchema = Nullable(
  Type.String({
    minLength: 1,
    maxLength: 1000,
    description:
      'Sent as "Authorization: Bearer …"; write {env:MODEL_JUDGE_NAME} to keep the key in the server\'s environment. Null: no key',
  }),
);

export const ModelJudgeSchema = Type.Object({
  id: IdSchema,
  name: Type.String(),
  ...judgeFields,
  api_key: Nullable(
    Type.String({ description: 'As set, with every part but its {env:…} placeholders shown as [redacted]; null when there is none' }),
  ),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type ModelJudge = Static<typeof ModelJudgeSchema>;

/** Every setting but the name, base_url and model has a default. */
const optional = Type.Partial(Type.Object(judgeFields)).properties;

export const NewModelJudgeSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: MAX_NAME_LENGTH }),
    ...optional,
    base_url: judgeFields.base_url,
    model: judgeFields.model,
    api_key: Type.Optional(apiKeySchema),
  },
  { additionalProperties: false },
);
export type NewModelJudge = Static<typeof NewModelJudgeSchema>;

export const ModelJudgeChangesSchema = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_NAME_LENGTH })),
    ...optional,
    api_key: Type.Optional(apiKeySchema),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type ModelJudgeChanges = Static<typeof ModelJudgeChangesSchema>;
