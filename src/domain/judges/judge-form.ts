import type { ModelJudge, ModelJudgeSettings } from './model-judge-types';

// The model judge form: every setting as typed, and what is sent. Numbers must be numbers in their range; an
// empty prompt template asks for the server's default; an api key left empty when editing keeps the stored one
// (the server only shows it redacted), and when creating means none.

export type JudgeFields = {
  /** The judge edited; null for a new one. */
  id: number | null;
  name: string;
  base_url: string;
  model: string;
  api_key: string;
  temperature: string;
  seed: string;
  prompt_template: string;
  guidelines: string;
  /** Comma-separated. */
  product_fields: string;
  products_per_call: string;
  concurrency: string;
  requests_per_minute: string;
  price_per_1k_input: string;
  price_per_1k_output: string;
};

export const EMPTY_JUDGE_FIELDS: JudgeFields = {
  id: null,
  name: '',
  base_url: '',
  model: '',
  api_key: '',
  temperature: '0',
  seed: '',
  prompt_template: '',
  guidelines: '',
  product_fields: 'name, description',
  products_per_call: '1',
  concurrency: '2',
  requests_per_minute: '60',
  price_per_1k_input: '0',
  price_per_1k_output: '0',
};

export const judgeFieldsOf = (judge: ModelJudge): JudgeFields => ({
  id: judge.id,
  name: judge.name,
  base_url: judge.base_url,
  model: judge.model,
  api_key: '',
  temperature: String(judge.temperature),
  seed: judge.seed === null ? '' : String(judge.seed),
  prompt_template: judge.prompt_template,
  guidelines: judge.guidelines,
  product_fields: judge.product_fields.join(', '),
  products_per_call: String(judge.products_per_call),
  concurrency: String(judge.concurrency),
  requests_per_minute: String(judge.requests_per_minute),
  price_per_1k_input: String(judge.price_per_1k_input),
  price_per_1k_output: String(judge.price_per_1k_output),
});

export type JudgeRequest = { id: number | null; settings: ModelJudgeSettings };

const INTEGERS = { products_per_call: [1, 20], concurrency: [1, 16], requests_per_minute: [1, 10_000] } as const;

const numberIn = (text: string, min: number, max: number, whole = false) => {
  const value = Number(text);
  return text.trim() !== '' && Number.isFinite(value) && value >= min && value <= max && (!whole || Number.isInteger(value));
};

const productFields = (text: string) =>
  text
    .split(',')
    .map((field) => field.trim())
    .filter((field) => field !== '');

/** Whether the form can be sent: a name, a base URL, a model, and every number in its range. */
export function isJudgeReady(fields: JudgeFields): boolean {
  return (
    [fields.name, fields.base_url, fields.model].every((text) => text.trim() !== '') &&
    numberIn(fields.temperature, 0, 2) &&
    (fields.seed.trim() === '' || numberIn(fields.seed, 0, 2_147_483_647, true)) &&
    Object.entries(INTEGERS).every(([name, [min, max]]) => numberIn(fields[name as keyof typeof INTEGERS], min, max, true)) &&
    numberIn(fields.price_per_1k_input, 0, Number.MAX_SAFE_INTEGER) &&
    numberIn(fields.price_per_1k_output, 0, Number.MAX_SAFE_INTEGER) &&
    productFields(fields.product_fields).length > 0
  );
}

export function judgeRequest(fields: JudgeFields): JudgeRequest {
  const apiKey = fields.api_key.trim();
  return {
    id: fields.id,
    settings: {
      name: fields.name.trim(),
      base_url: fields.base_url.trim(),
      model: fields.model.trim(),
      ...(apiKey !== '' ? { api_key: apiKey } : fields.id === null ? { api_key: null } : {}),
      temperature: Number(fields.temperature),
      seed: fields.seed.trim() === '' ? null : Number(fields.seed),
      prompt_template: fields.prompt_template,
      guidelines: fields.guidelines,
      product_fields: productFields(fields.product_fields),
      products_per_call: Number(fields.products_per_call),
      concurrency: Number(fields.concurrency),
      requests_per_minute: Number(fields.requests_per_minute),
      price_per_1k_input: Number(fields.price_per_1k_input),
      price_per_1k_output: Number(fields.price_per_1k_output),
    },
  };
}
