// A model judge's jobs against a fake OpenAI-compatible server, on each storage: the estimate before it starts,
// a run's unjudged pairs graded with their provenance and the set's grades moved; a malformed answer, a
// timeout listed with what the model said and never a grade; a 429 retried; totals at the judge's prices.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { promptTemplateHash } from '../../server/judges/model-client';
import { grade, hang, malformed, startFakeOpenAi, tooManyRequests, type FakeOpenAi } from './helpers/fake-openai';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

const API = '/api/backend';
const CATALOGUE = [
  'product_id,name,description',
  'p1,Red velvet sofa,A deep red sofa',
  'p2,Blue sofa,Three seats',
  'p3,Red armchair,Matches the red sofa',
  'p4,Oak coffee table,Solid oak',
  'p5,Glass coffee table,Tempered glass',
  'p6,Oak side table,Small',
].join('\n');
const JUDGEMENTS = ['query,product_id,relevance', 'red sofa,p1,3', 'coffee table,p4,2'].join('\n');
const ENDED = ['succeeded', 'failed', 'cancelled'];

type Job = {
  status: string;
  done: number;
  total: number;
  failed: number;
  tokens_in: number;
  tokens_out: number;
  cost: number;
  failures: { query: string; product_id: string; error: string; raw_answer: string | null }[];
};
type Rating = { kind: string; rater: string; grade: number };

describe.each(backends)('judge jobs (%s)', (backend) => {
  let t: TestApp;
  let fake: FakeOpenAi;
  let setId: number;
  let runId: number;
  let judgeId: number;
  /** A set of one pair (red sofa, p2): a job over all of it asks one question. */
  let oneSetId: number;

  const upload = async (name: string, file: string) => {
    const answer = await t.upload(`${API}/golden-sets/`, [
      ['name', name],
      ['file', { file }],
    ]);
    expect(answer.statusCode, answer.body).toBe(201);
    return Number(answer.json().id);
  };
  const start = async (body: object, headers?: Record<string, string>) => t.call('POST', `${API}/judges/${judgeId}/jobs`, body, headers);
  const ended = async (id: number): Promise<Job> => {
    for (let tries = 0; tries < 200; tries += 1) {
      const job = (await t.call('GET', `${API}/judge-jobs/${id}`)).json<Job>();
      if (ENDED.includes(job.status)) return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`judge job ${id} did not end`);
  };
  const ratings = async (set: number, query: string) =>
    (await t.call('GET', `${API}/golden-sets/${set}/judgements/?query=${encodeURIComponent(query)}`)).json<
      { product_id: string; grade: number; ratings: Rating[] }[]
    >();

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await startTestApp(
      backend,
      {},
      { runWorker: true, slice: { retryDelaysMs: [10] }, judge: { client: { timeoutMs: 500, retryDelaysMs: [10, 10] } } },
    );
    expect((await t.upload(`${API}/catalogue/import`, [['file', { file: CATALOGUE }]])).statusCode).toBeLessThan(300);
    setId = await upload('Judged', JUDGEMENTS);
    oneSetId = await upload('One pair', ['query,product_id,relevance', 'red sofa,p2,1'].join('\n'));
    const script = await t.db.query<{ id: number }>(`SELECT id FROM evaluation_scripts WHERE engine = 'golden-set-relevance'`);
    const dataset = await t.db.query<{ id: number }>(`INSERT INTO datasets (name, description) VALUES ('Judging', '') RETURNING id`);
    for (const input of ['red sofa', 'coffee table']) {
      const entry = await t.db.query<{ id: number }>('INSERT INTO dataset_entries (input) VALUES ($1) RETURNING id', [input]);
      await t.db.query('INSERT INTO dataset_entry_mappings (dataset_id, dataset_entry_id) VALUES ($1, $2)', [
        dataset.rows[0].id,
        entry.rows[0].id,
      ]);
    }
    const experiment = await t.call('POST', `${API}/experiments/`, {
      name: 'Judging',
      evaluation_script_id: Number(script.rows[0].id),
      dataset_id: Number(dataset.rows[0].id),
      config: { search_target: { kind: 'builtin' }, golden_set_id: setId, k: 3 },
    });
    runId = (await t.call('POST', `${API}/experiments/${experiment.json().id}/runs`)).json().id;
    expect((await t.runUntilEnded(runId)).status).toBe('success');
    const judge = await t.call('POST', `${API}/judges/`, {
      name: 'Fake GPT',
      base_url: fake.baseUrl,
      model: 'fake-gpt',
      temperature: 0.2,
      seed: 7,
      concurrency: 1,
      price_per_1k_input: 2,
      price_per_1k_output: 10,
    });
    expect(judge.statusCode, judge.body).toBe(201);
    judgeId = judge.json().id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  it("grades a run's unjudged pairs: the estimate first, then model ratings with provenance, the set's grades moved, totals at the prices", async () => {
    const unjudged = (await t.call('GET', `${API}/experiment-runs/${runId}/unjudged/?page_size=100`)).json<{ product_id: string }[]>();
    expect(unjudged.length).toBeGreaterThan(1);
    fake.reply(...unjudged.map(() => grade(2, 'A sofa, as asked')));

    const body = { golden_set_id: setId, run_id: runId, scope: 'unjudged' };
    const preview = await t.call('POST', `${API}/judges/${judgeId}/jobs/estimate`, body);
    expect(preview.statusCode, preview.body).toBe(200);
    // Asking the estimate starts nothing: no call, no job.
    expect(fake.requests).toEqual([]);
    expect((await t.db.query('SELECT 1 FROM judge_jobs')).rows).toEqual([]);
    const started = await start(body);
    expect(started.statusCode, started.body).toBe(202);
    const { id, estimate } = started.json();
    const job = await ended(id);

    // The estimate rendered the same prompts the job sent (4 characters a token), plus 50 answer tokens a pair.
    const promptTokens = fake.requests.reduce((sum, request) => sum + Math.ceil(request.body.messages[0].content.length / 4), 0);
    expect(preview.json()).toEqual(estimate);
    expect(estimate).toEqual({
      pairs: unjudged.length,
      prompt_tokens: promptTokens,
      cost: Math.round((promptTokens * 2 + unjudged.length * 50 * 10) * 1e3) / 1e6,
    });
    expect(fake.requests.map((request) => [request.body.model, request.body.temperature, request.body.seed])).toEqual(
      unjudged.map(() => ['fake-gpt', 0.2, 7]),
    );
    expect(job).toMatchObject({ status: 'succeeded', done: unjudged.length, total: unjudged.length, failed: 0, failures: [] });
    // 100 tokens in and 20 out a call (the fake's count) at 2 and 10 per 1,000.
    expect(job.tokens_in).toBe(unjudged.length * 100);
    expect(job.tokens_out).toBe(unjudged.length * 20);
    expect(job.cost).toBeCloseTo((job.tokens_in * 2 + job.tokens_out * 10) / 1000, 6);

    // The set now judges them: the run has nothing unjudged left, and each pair shows the model's rating.
    expect((await t.call('GET', `${API}/experiment-runs/${runId}/unjudged/?page_size=100`)).json()).toEqual([]);
    const sofa = await ratings(setId, 'red sofa');
    const rated = sofa.filter((pair) => pair.ratings.some((rating) => rating.kind === 'model'));
    expect(rated.length).toBeGreaterThan(0);
    for (const pair of rated) expect(pair).toMatchObject({ grade: 2, ratings: [{ kind: 'model', rater: 'Fake GPT', grade: 2 }] });

    const judge = (await t.call('GET', `${API}/judges/${judgeId}`)).json();
    const provenance = await t.db.query(
      `SELECT model, prompt_template_sha256, temperature, seed, tokens_in, tokens_out, cost, latency_ms, explanation, job_id
       FROM model_judgements WHERE golden_set_id = $1`,
      [setId],
    );
    expect(provenance.rows).toHaveLength(unjudged.length);
    for (const row of provenance.rows)
      expect(row).toMatchObject({
        model: 'fake-gpt',
        prompt_template_sha256: promptTemplateHash(judge.prompt_template),
        temperature: 0.2,
        seed: 7,
        tokens_in: 100,
        tokens_out: 20,
        cost: 0.4,
        explanation: 'A sofa, as asked',
        job_id: id,
      });
  });

  it("lists a malformed answer as a failure with the model's words, and rates nothing", async () => {
    fake.reply(malformed('Relevant, I would say a 2.'));
    const job = await ended((await start({ golden_set_id: oneSetId, scope: 'all' })).json().id);
    expect(job).toMatchObject({ status: 'succeeded', done: 1, total: 1, failed: 1, tokens_in: 100, tokens_out: 20, cost: 0.4 });
    expect(job.failures).toEqual([
      {
        query: 'red sofa',
        product_id: 'p2',
        error: 'The model did not answer JSON',
        raw_answer: 'Relevant, I would say a 2.',
        at: expect.any(String),
      },
    ]);
    const [pair] = await ratings(oneSetId, 'red sofa');
    expect(pair.ratings.map((rating) => rating.kind)).toEqual(['import']);
  });

  it('asks again after a 429 and rates what the second answer says', async () => {
    fake.reply(tooManyRequests(), grade(0, 'A blue sofa is not red'));
    const job = await ended((await start({ golden_set_id: oneSetId, scope: 'all' })).json().id);
    expect(fake.requests).toHaveLength(2);
    expect(job).toMatchObject({ status: 'succeeded', done: 1, failed: 0, failures: [] });
    const [pair] = await ratings(oneSetId, 'red sofa');
    expect(pair.ratings.find((rating) => rating.kind === 'model')).toMatchObject({ rater: 'Fake GPT', grade: 0 });
  });

  it('lists a call that timed out as a failure with no answer, and keeps the rating it had', async () => {
    fake.reply(hang);
    const job = await ended((await start({ golden_set_id: oneSetId, scope: 'all' })).json().id);
    expect(job).toMatchObject({ status: 'succeeded', done: 1, failed: 1, tokens_in: 0, cost: 0 });
    expect(job.failures).toEqual([
      expect.objectContaining({ product_id: 'p2', raw_answer: null, error: expect.stringContaining('timed out') }),
    ]);
    const [pair] = await ratings(oneSetId, 'red sofa');
    expect(pair.ratings.find((rating) => rating.kind === 'model')).toMatchObject({ grade: 0 });
  });

  it('cancels a job under way: it stays cancelled and stores nothing more; a second cancel is refused', async () => {
    fake.reply(hang);
    const { id } = (await start({ golden_set_id: setId, scope: 'all' })).json();
    const cancelled = await t.call('POST', `${API}/judge-jobs/${id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect((await t.call('GET', `${API}/judge-jobs/${id}`)).json()).toMatchObject({ status: 'cancelled', done: 0, failures: [] });
    const again = await t.call('POST', `${API}/judge-jobs/${id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('already ended');
  });

  it('refuses what cannot be judged, naming the field, and lets only a curator start a job; the start is audited', async () => {
    const noRun = await start({ golden_set_id: setId, scope: 'unjudged' });
    expect(noRun.statusCode).toBe(400);
    expect(noRun.json().message).toContain('body.run_id');
    const otherSet = await start({ golden_set_id: oneSetId, run_id: runId, scope: 'unjudged' });
    expect(otherSet.statusCode).toBe(400);
    expect(otherSet.json().message).toContain('body.golden_set_id');
    const noSet = await start({ golden_set_id: 999_999, scope: 'all' });
    expect(noSet.statusCode).toBe(400);
    expect(noSet.json().message).toContain('body.golden_set_id');
    expect((await t.call('POST', `${API}/judges/999999/jobs`, { golden_set_id: setId, scope: 'all' })).statusCode).toBe(404);
    const viewer = { authorization: `Bearer ${await t.issuer.token({ roles: ['viewer'] })}` };
    expect((await start({ golden_set_id: setId, scope: 'all' }, viewer)).statusCode).toBe(403);

    const audit = await t.db.query<{ summary: string }>(
      `SELECT summary FROM audit_events WHERE action = 'model_judge.job' AND target_id = $1 ORDER BY id`,
      [String(judgeId)],
    );
    expect(audit.rows[0].summary).toBe(`“Fake GPT” · golden set ${setId} · run ${runId} · unjudged · 2 pairs`);
  });
});
