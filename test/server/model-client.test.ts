import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PROMPT_TEMPLATE, type JudgedProduct } from '../../server/judges/judge-prompt';
import { ModelClient, promptTemplateHash, type JudgeAnswer, type ModelJudgeSettings } from '../../server/judges/model-client';
import { grade, grades, hang, malformed, serverError, startFakeOpenAi, tooManyRequests, type FakeOpenAi } from './helpers/fake-openai';

const scale = { max_grade: 3, labels: ['Irrelevant', 'Partial', 'Good', 'Exact'] };
const chair: JudgedProduct = {
  product_id: 'P1',
  fields: { name: 'Oak dining chair', description: 'Solid oak, seats one', colour: 'brown' },
};
const rug: JudgedProduct = { product_id: 'P2', fields: { name: 'Wool rug', description: '2 × 3 m' } };
const lamp: JudgedProduct = { product_id: 'P3', fields: { name: 'Desk lamp' } };

const KEY = 'sk-test-0123456789';
const env = { MODEL_JUDGE_TEST_KEY: KEY };

describe('the model client against a fake OpenAI-compatible server', () => {
  let fake: FakeOpenAi;
  let settings: ModelJudgeSettings;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.reset();
    settings = {
      base_url: fake.baseUrl,
      model: 'judge-model',
      api_key: '{env:MODEL_JUDGE_TEST_KEY}',
      temperature: 0,
      seed: 7,
      prompt_template: DEFAULT_PROMPT_TEMPLATE,
      guidelines: 'A chair for a chair query is Exact.',
      product_fields: ['name', 'description'],
      products_per_call: 3,
      concurrency: 2,
      requests_per_minute: 10_000,
      price_per_1k_input: 0.5,
      price_per_1k_output: 1.5,
    };
  });
  const client = (options: ConstructorParameters<typeof ModelClient>[1] = {}) =>
    new ModelClient(settings, { env, retryDelaysMs: [10, 10], ...options });
  const failure = (answer: JudgeAnswer) => {
    if (answer.ok) throw new Error(`expected a failure, got grades ${JSON.stringify(answer.grades)}`);
    return answer;
  };

  it('grades one product: sends the chat request with the key, the seed and JSON mode, and reads the grade', async () => {
    fake.reply(grade(3, 'An oak chair for "oak chair"'));
    const answer = await client().grade({ scale, query: 'oak chair', products: [chair] });
    expect(answer).toMatchObject({
      ok: true,
      grades: [{ product_id: 'P1', grade: 3, explanation: 'An oak chair for "oak chair"' }],
      usage: { prompt_tokens: 100, completion_tokens: 20 },
      attempts: 1,
      prompt_template_sha256: promptTemplateHash(DEFAULT_PROMPT_TEMPLATE),
    });
    expect(answer.prompt_template_sha256).toMatch(/^[0-9a-f]{64}$/);
    const [request] = fake.requests;
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request.body).toMatchObject({ model: 'judge-model', temperature: 0, seed: 7, response_format: { type: 'json_object' } });
    const prompt = request.body.messages[0].content;
    // The scale's labels, the query, the chosen fields only, the guidelines and the answer's shape.
    for (const text of [
      '0 = Irrelevant',
      '3 = Exact',
      'Query: oak chair',
      'Product P1:',
      'name: Oak dining chair',
      'A chair for a chair query',
    ])
      expect(prompt).toContain(text);
    expect(prompt).not.toContain('brown');
    expect(prompt).toContain('{"grade": <integer from 0 to 3>, "explanation": "<text>"}');
  });

  it('grades several products in one call, in the order asked, whatever order the model answers in', async () => {
    fake.reply(
      grades([
        { product_id: 'P3', grade: 0 },
        { product_id: 'P1', grade: 3 },
        { product_id: 'P2', grade: 1 },
      ]),
    );
    const answer = await client().grade({ scale, query: 'oak chair', products: [chair, rug, lamp] });
    expect(answer.ok && answer.grades.map((g) => [g.product_id, g.grade])).toEqual([
      ['P1', 3],
      ['P2', 1],
      ['P3', 0],
    ]);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0].body.messages[0].content).toContain('"grades": [{"product_id": "<id>"');
  });

  it.each([
    ['text that is not JSON', malformed('I think it is a good match.'), 'The model did not answer JSON'],
    ['a grade above the scale', grade(4), "The model's grade 4 for product P1 is not a whole number from 0 to 3"],
    ['a grade that is not whole', grade(2.5), "The model's grade 2.5 for product P1 is not a whole number from 0 to 3"],
    ['a grade as text', grade('3'), 'The model\'s grade "3" for product P1 is not a whole number from 0 to 3'],
  ])('answers %s as a failure carrying the raw answer, never a grade', async (_, reply, error) => {
    fake.reply(reply);
    const answer = failure(await client().grade({ scale, query: 'oak chair', products: [chair] }));
    expect(answer.error).toBe(error);
    expect(answer.raw).toBe(reply.kind === 'answer' ? reply.content : undefined);
    // The call was made and paid for all the same.
    expect(answer.cost).toBe(0.08);
  });

  it('fails a call of several products when the model leaves one out or grades one it was not asked about', async () => {
    fake.reply(
      grades([{ product_id: 'P1', grade: 3 }]),
      grades([
        { product_id: 'P1', grade: 3 },
        { product_id: 'P9', grade: 1 },
      ]),
    );
    const missing = failure(await client().grade({ scale, query: 'oak chair', products: [chair, rug] }));
    expect(missing.error).toBe('The model gave no grade for product P2');
    expect(missing.raw).toContain('"product_id":"P1"');
    const stranger = failure(await client().grade({ scale, query: 'oak chair', products: [chair, rug] }));
    expect(stranger.error).toBe('The model graded product P9, which it was not asked about');
  });

  it('waits as a 429 Retry-After says, then retries and grades', async () => {
    fake.reply(tooManyRequests(1), grade(2));
    const answer = await client().grade({ scale, query: 'oak chair', products: [chair] });
    expect(answer).toMatchObject({ ok: true, attempts: 2, grades: [{ grade: 2 }] });
    const [first, second] = fake.requests;
    expect(second.at - first.at).toBeGreaterThanOrEqual(950);
  });

  it('retries a 500 with back-off, and fails naming the status when it goes on failing', async () => {
    fake.reply(serverError(), grade(1));
    expect(await client().grade({ scale, query: 'oak chair', products: [chair] })).toMatchObject({ ok: true, attempts: 2 });
    fake.reply(serverError(), serverError(), serverError(`{"error":{"message":"bad key ${KEY}"}}`));
    const answer = failure(await client().grade({ scale, query: 'oak chair', products: [chair] }));
    expect(answer.error).toBe('Model judge answered HTTP 500 Internal Server Error after 3 attempts');
    expect(answer.attempts).toBe(3);
    // The service's answer is kept, the key blanked out of it.
    expect(answer.raw).toBe('{"error":{"message":"bad key [redacted]"}}');
  });

  it('quotes no answer that is not JSON: base_url may point at a page nobody meant users to read', async () => {
    fake.reply(
      { kind: 'status', status: 200, body: '<html>internal admin page</html>', contentType: 'text/html' },
      { kind: 'status', status: 404, body: '<html>secret</html>', contentType: 'text/html' },
    );
    const page = failure(await client().grade({ scale, query: 'oak chair', products: [chair] }));
    expect(page.error).toBe('Model judge answer is not JSON (text/html, 32 bytes)');
    expect(page.raw).toBeNull();
    const missing = failure(await client().grade({ scale, query: 'oak chair', products: [chair] }));
    expect(missing.error).toBe('Model judge answered HTTP 404 Not Found (text/html, 19 bytes)');
    expect(missing.raw).toBeNull();
  });

  it('fails a call the model does not answer in time, without retrying it', async () => {
    fake.reply(hang);
    const answer = failure(await client({ timeoutMs: 200 }).grade({ scale, query: 'oak chair', products: [chair] }));
    expect(answer.error).toBe('Model judge timed out after 200 ms');
    expect(answer.raw).toBeNull();
    expect(fake.requests).toHaveLength(1);
  });

  it('costs each call from its usage and the prices per 1,000 tokens', async () => {
    fake.reply(
      grade(3, 'ok', { prompt_tokens: 1200, completion_tokens: 300 }),
      grade(1, 'ok', { prompt_tokens: 800, completion_tokens: 100 }),
    );
    const first = await client().grade({ scale, query: 'oak chair', products: [chair] });
    const second = await client().grade({ scale, query: 'wool rug', products: [rug] });
    // 1.2 × 0.5 + 0.3 × 1.5 = 1.05; 0.8 × 0.5 + 0.1 × 1.5 = 0.55.
    expect([first.cost, second.cost]).toEqual([1.05, 0.55]);
    expect(first.usage).toEqual({ prompt_tokens: 1200, completion_tokens: 300 });
    expect((first.cost ?? 0) + (second.cost ?? 0)).toBeCloseTo(1.6, 10);
  });

  it('sends nothing to a host MODEL_JUDGE_HOSTS does not list, nor with a key that is not set', async () => {
    const refused = failure(
      await client({ env: { ...env, MODEL_JUDGE_HOSTS: 'api.openai.com' } }).grade({ scale, query: 'q', products: [chair] }),
    );
    expect(refused.error).toMatch(/^Model judge host 127\.0\.0\.1:\d+ is not in MODEL_JUDGE_HOSTS \(api\.openai\.com\)$/);
    const unset = failure(await client({ env: {} }).grade({ scale, query: 'q', products: [chair] }));
    expect(unset.error).toBe('Model judge api_key refers to {env:MODEL_JUDGE_TEST_KEY}, which is not set');
    expect(fake.requests).toHaveLength(0);
  });
});
