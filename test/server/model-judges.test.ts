/**
 * The model judges' API on each storage: created, listed, read, changed and deleted by a curator, read by a
 * viewer; refusals name the field; a base_url must be on MODEL_JUDGE_HOSTS; the api_key is never answered back.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

const JUDGES = '/api/backend/judges/';
const SECRET = 'sk-live-very-secret-0123456789';
const ollama = { name: 'Local llama', base_url: 'http://127.0.0.1:11434/v1', model: 'llama3.1' };

describe.each(backends)('model judges API (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  }, 120_000);
  afterAll(() => t.close());
  afterEach(() => {
    vi.unstubAllEnvs();
  });
  const as = async (role: string) => ({ authorization: `Bearer ${await t.issuer.token({ roles: [role] })}` });
  let made = 0;
  /** A judge of its own name, as a curator creates it. */
  const create = async (body: Record<string, unknown> = {}) =>
    t.call('POST', JUDGES, { ...ollama, name: `${ollama.name} ${(made += 1)}`, ...body }, await as('curator'));

  it('creates a judge with the defaults filled in, lists it, changes it and deletes it, each change audited', async () => {
    const created = await create({ name: 'Llama grader' });
    expect(created.statusCode).toBe(201);
    const judge = created.json();
    expect(judge).toMatchObject({
      name: 'Llama grader',
      base_url: 'http://127.0.0.1:11434/v1',
      model: 'llama3.1',
      api_key: null,
      temperature: 0,
      seed: null,
      guidelines: '',
      product_fields: ['name', 'description'],
      products_per_call: 1,
      concurrency: 2,
      requests_per_minute: 60,
      price_per_1k_input: 0,
      price_per_1k_output: 0,
    });
    // The default prompt states the scale, the query, the products and the guidelines, and asks for JSON.
    for (const placeholder of ['{scale}', '{query}', '{products}', '{guidelines}', '{answer_format}'])
      expect(judge.prompt_template).toContain(placeholder);

    const list = await t.call('GET', `${JUDGES}?page=1&page_size=1`, undefined, await as('viewer'));
    expect(list.statusCode).toBe(200);
    expect(Number(list.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
    expect(list.json()).toHaveLength(1);
    expect((await t.call('GET', `${JUDGES}${judge.id}`, undefined, await as('viewer'))).json()).toEqual(judge);

    const changed = await t.call(
      'PATCH',
      `${JUDGES}${judge.id}`,
      { temperature: 0.7, seed: 42, products_per_call: 5, product_fields: ['name', 'colour'], guidelines: 'Be strict.' },
      await as('curator'),
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      name: 'Llama grader',
      temperature: 0.7,
      seed: 42,
      products_per_call: 5,
      product_fields: ['name', 'colour'],
    });
    // A template left empty is the default one again; one given is kept as written.
    const template = 'Grade {products} for {query}. {answer_format}';
    expect((await t.call('PATCH', `${JUDGES}${judge.id}`, { prompt_template: template })).json().prompt_template).toBe(template);
    expect((await t.call('PATCH', `${JUDGES}${judge.id}`, { prompt_template: '' })).json().prompt_template).toBe(judge.prompt_template);

    expect((await t.call('DELETE', `${JUDGES}${judge.id}`, undefined, await as('curator'))).statusCode).toBe(204);
    expect((await t.call('GET', `${JUDGES}${judge.id}`)).statusCode).toBe(404);
    const { rows } = await t.db.query<{ action: string; summary: string }>(
      `SELECT action, summary FROM audit_events WHERE target_type = 'model_judge' AND target_id = $1 ORDER BY id`,
      [String(judge.id)],
    );
    expect(rows).toEqual([
      { action: 'model_judge.create', summary: '“Llama grader”' },
      { action: 'model_judge.update', summary: 'temperature, seed, guidelines, product_fields, products_per_call' },
      { action: 'model_judge.update', summary: 'prompt_template' },
      { action: 'model_judge.update', summary: 'prompt_template' },
      { action: 'model_judge.delete', summary: '“Llama grader”' },
    ]);
  });

  it('never answers the api_key back: a literal one shows as [redacted], an {env:…} one by its variable', async () => {
    const created = await create({ api_key: SECRET });
    expect(created.json().api_key).toBe('[redacted]');
    const { id } = created.json();
    const answers = [
      created,
      await t.call('GET', `${JUDGES}${id}`),
      await t.call('GET', `${JUDGES}?page_size=1000`),
      await t.call('PATCH', `${JUDGES}${id}`, { model: 'llama3.2' }),
    ];
    for (const answer of answers) expect(answer.body).not.toContain(SECRET);
    const audit = await t.db.query<{ summary: string }>(`SELECT summary FROM audit_events WHERE target_type = 'model_judge'`);
    expect(audit.rows.map((row) => row.summary).join(' ')).not.toContain(SECRET);
    // A change that leaves the key out keeps it.
    const stored = await t.db.query<{ api_key: string }>('SELECT api_key FROM model_judges WHERE id = $1', [id]);
    expect(stored.rows[0].api_key).toBe(SECRET);

    const fromEnv = await t.call('PATCH', `${JUDGES}${id}`, { api_key: '{env:MODEL_JUDGE_OPENAI_KEY}' });
    expect(fromEnv.json().api_key).toBe('{env:MODEL_JUDGE_OPENAI_KEY}');
    const removed = await t.call('PATCH', `${JUDGES}${id}`, { api_key: null });
    expect(removed.json().api_key).toBeNull();
  });

  it.each([
    [{ temperature: 2.5 }, 'body.temperature must be at most 2'],
    [{ temperature: -0.1 }, 'body.temperature must be at least 0'],
    [{ products_per_call: 21 }, 'body.products_per_call must be at most 20'],
    [{ products_per_call: 0 }, 'body.products_per_call must be at least 1'],
    [{ concurrency: 17 }, 'body.concurrency must be at most 16'],
    [{ requests_per_minute: 10_001 }, 'body.requests_per_minute must be at most 10,000'],
    [{ price_per_1k_input: -1 }, 'body.price_per_1k_input must be at least 0'],
    [{ price_per_1k_output: -0.01 }, 'body.price_per_1k_output must be at least 0'],
    [{ base_url: 'ftp://models.example.com/v1' }, 'body.base_url must be an http:// or https:// URL'],
    [
      { base_url: 'https://api.openai.com/v1/chat/completions' },
      'body.base_url is the API root (ending in /v1): /chat/completions is added to it',
    ],
    [{ prompt_template: 'Grade this for {query}.' }, 'body.prompt_template has no {products}: the model would not see what it grades'],
    [{ prompt_template: 'Grade {product} for {query}.' }, 'body.prompt_template contains the unknown placeholder {product}'],
    [
      { api_key: '{env:DATABASE_URL}' },
      'body.api_key contains {env:DATABASE_URL}, which is not a valid {env:NAME}: the name must start with MODEL_JUDGE_',
    ],
    [{ api_key: 'sk-\nline' }, 'body.api_key has a character HTTP does not allow'],
    [{ name: '   ' }, 'body.name must not be blank'],
    [{ colour: 'red' }, 'body has an unknown field "colour"'],
  ])('refuses %j with a 400 naming the field, on creation and on a change', async (settings, message) => {
    const created = await create(settings);
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toContain(message);
    const { id } = (await create()).json();
    const changed = await t.call('PATCH', `${JUDGES}${id}`, settings);
    expect(changed.statusCode).toBe(400);
    expect(changed.json().message).toContain(message);
  });

  it('refuses a judge without base_url or model, and a second judge of the same name', async () => {
    const missing = await t.call('POST', JUDGES, { name: 'No model' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('body.base_url is required');
    expect((await create({ name: 'Twin' })).statusCode).toBe(201);
    const twin = await create({ name: 'Twin' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().message).toBe('A model judge named "Twin" already exists');
  });

  it('refuses a base_url whose host MODEL_JUDGE_HOSTS does not list', async () => {
    vi.stubEnv('MODEL_JUDGE_HOSTS', 'api.openai.com, *.models.example.com');
    const refused = await create();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'body.base_url: host 127.0.0.1:11434 is not in MODEL_JUDGE_HOSTS (api.openai.com, *.models.example.com)',
    );
    const allowed = await create({ base_url: 'https://eu.models.example.com/v1' });
    expect(allowed.statusCode).toBe(201);
    const moved = await t.call('PATCH', `${JUDGES}${allowed.json().id}`, { base_url: 'http://10.0.0.5:8000/v1' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toContain('host 10.0.0.5:8000 is not in MODEL_JUDGE_HOSTS');
  });

  it('lets a viewer read judges but not create, change or delete one', async () => {
    const { id } = (await create()).json();
    const viewer = await as('viewer');
    expect((await t.call('GET', `${JUDGES}${id}`, undefined, viewer)).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['POST', JUDGES, { ...ollama, name: 'By a viewer' }],
      ['PATCH', `${JUDGES}${id}`, { model: 'other' }],
      ['DELETE', `${JUDGES}${id}`, undefined],
    ] as const) {
      const answer = await t.call(method, url, body, viewer);
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      expect(answer.json().message).toBe('This needs the curator role; you are signed in as a viewer');
    }
    expect((await t.call('GET', `${JUDGES}${id}`)).json().model).toBe('llama3.1');
  });
});
