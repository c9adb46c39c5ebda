// The audit trail: every change but the accounts' is recorded with who made it (the token's subject
// and name) by the transaction of the change, and read back through GET audit/ (filters, paging, totals) and
// audit.csv, by admins only. A change that fails leaves no row — also when it fails after its row was
// written (at commit, by a test-only deferred trigger). On both storages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runToCompletion } from '../../server/runs/process-run';
import { backends, startTestApp, type Method, type TestApp } from './helpers/test-app';
import type { Part } from './helpers/multipart';

const BACKEND = '/api/backend';
const SERVICE = '/api/service';

const TOKENS = {
  curator: { sub: 'carol-7', name: 'Carol Curator', roles: ['curator'] },
  admin: { sub: 'ada-3', name: 'Ada Admin', roles: ['admin'] },
  viewer: { sub: 'vic-5', name: 'Vic Viewer', roles: ['viewer'] },
};
type Who = keyof typeof TOKENS;

type AuditRow = {
  id: number;
  at: string;
  actor: { sub: string; name: string };
  action: string;
  target_type: string;
  target_id: string | null;
  summary: string;
};

/** The row a change by the curator should leave. */
const byCarol = (action: string, target_type: string, target_id: number | string | null, summary: string) => ({
  actor: { sub: 'carol-7', name: 'Carol Curator' },
  action,
  target_type,
  target_id: target_id === null ? null : String(target_id),
  summary,
});

const CATALOGUE = ['product_id,name', 'p1,Red velvet sofa', 'p2,Blue sofa', 'p3,Oak coffee table'].join('\n');
const JUDGEMENTS = ['query,product_id,relevance', 'red sofa,p1,3', 'coffee table,p3,2'].join('\n');

describe.each(backends)('audit trail (%s)', (backend) => {
  let t: TestApp;
  const headers = {} as Record<Who, { authorization: string }>;

  /** As `who`: their token instead of the default one. */
  const call = (who: Who, method: Method, url: string, payload?: object) => t.call(method, url, payload, headers[who]);
  const upload = (who: Who, url: string, parts: Array<[string, Part]>) => t.upload(url, parts, headers[who]);

  /** The trail as an admin reads it, newest first, with its X-Total-Count. */
  async function trail(filters: Record<string, string | number> = {}) {
    const query = new URLSearchParams(Object.entries(filters).map(([key, value]) => [key, String(value)]));
    const response = await call('admin', 'GET', `${BACKEND}/audit/?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<{ count: number; results: AuditRow[] }>();
    return { ...page, total: Number(response.headers['x-total-count']) };
  }

  /** The newest row of an action (undefined: none). */
  const latest = async (action: string) => (await trail({ action, page_size: 1 })).results[0];
  const countOf = async (action: string) => (await trail({ action })).count;

  async function createDataset(name: string, who: Who = 'curator'): Promise<number> {
    const created = await call(who, 'POST', `${SERVICE}/datasets/`, { name, description: `${name}, for the audit test` });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id;
  }

  async function createEntry(input: string): Promise<number> {
    const created = await call('curator', 'POST', `${SERVICE}/dataset-entries/`, { input });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id;
  }

  async function uploadGoldenSet(name: string, file = JUDGEMENTS) {
    return upload('curator', `${BACKEND}/golden-sets/`, [
      ['name', name],
      ['file', { file }],
    ]);
  }

  beforeAll(async () => {
    t = await startTestApp(backend);
    for (const who of Object.keys(TOKENS) as Who[]) headers[who] = { authorization: `Bearer ${await t.issuer.token(TOKENS[who])}` };
  }, 60_000);
  afterAll(() => t?.close());

  it('records a dataset created and deleted, by the subject and name of the token', async () => {
    const id = await createDataset('UK queries');
    expect(await latest('dataset.create')).toMatchObject(byCarol('dataset.create', 'dataset', id, '“UK queries”'));
    expect((await call('curator', 'DELETE', `${SERVICE}/datasets/${id}`)).statusCode).toBe(204);
    expect(await latest('dataset.delete')).toMatchObject(byCarol('dataset.delete', 'dataset', id, '“UK queries”'));
  });

  it('records an entry created, edited (the fields that changed) and deleted', async () => {
    const id = await createEntry('red sofa');
    expect(await latest('entry.create')).toMatchObject(byCarol('entry.create', 'entry', id, '“red sofa”'));
    const edits: Array<[object, string]> = [
      [{ input: 'red sofas' }, 'input'],
      [{ input: 'red sofas', input_metadata: { market: 'UK' } }, 'input_metadata'],
      [{ input: 'red velvet sofa', input_metadata: {} }, 'input, input_metadata'],
      [{ input: 'red velvet sofa', input_metadata: {} }, 'nothing changed'],
    ];
    for (const [body, summary] of edits) {
      const edited = await call('curator', 'PUT', `${SERVICE}/dataset-entries/${id}`, body);
      expect(edited.statusCode, edited.body).toBe(200);
      expect(await latest('entry.update')).toMatchObject(byCarol('entry.update', 'entry', id, summary));
    }
    expect((await call('curator', 'DELETE', `${SERVICE}/dataset-entries/${id}`)).statusCode).toBe(204);
    expect(await latest('entry.delete')).toMatchObject(byCarol('entry.delete', 'entry', id, '“red velvet sofa”'));
  });

  it('records links added and removed: the dataset as the target, or the datasets named when several', async () => {
    const [uk, us] = [await createDataset('Links UK'), await createDataset('Links US')];
    const [a, b, c] = [await createEntry('lamp'), await createEntry('desk'), await createEntry('rug')];
    const link = (pairs: Array<[number, number]>) => pairs.map(([dataset_id, dataset_entry_id]) => ({ dataset_id, dataset_entry_id }));

    expect((await call('curator', 'POST', `${SERVICE}/dataset-entry-mappings/`, link([[uk, a]]))).statusCode).toBe(201);
    expect(await latest('mapping.create')).toMatchObject(byCarol('mapping.create', 'dataset', uk, `entry ${a} added`));
    const more = link([
      [uk, a],
      [uk, b],
      [uk, c],
    ]);
    expect((await call('curator', 'POST', `${SERVICE}/dataset-entry-mappings/`, more)).json()).toEqual({ created: 2 });
    expect(await latest('mapping.create')).toMatchObject(byCarol('mapping.create', 'dataset', uk, '2 entries added (1 already linked)'));
    const both = link([
      [us, a],
      [us, b],
      [uk, c],
    ]);
    expect((await call('curator', 'POST', `${SERVICE}/dataset-entry-mappings/`, both)).json()).toEqual({ created: 2 });
    expect(await latest('mapping.create')).toMatchObject(
      byCarol('mapping.create', 'dataset', null, `2 links added (1 already linked) · datasets ${uk}, ${us}`),
    );

    expect(
      (
        await call(
          'curator',
          'DELETE',
          `${SERVICE}/dataset-entry-mappings/`,
          link([
            [uk, a],
            [uk, b],
          ]),
        )
      ).json(),
    ).toEqual({
      deleted: 2,
    });
    expect(await latest('mapping.delete')).toMatchObject(byCarol('mapping.delete', 'dataset', uk, '2 entries removed'));
    expect((await call('curator', 'DELETE', `${SERVICE}/dataset-entry-mappings/${us}/${b}`)).statusCode).toBe(204);
    expect(await latest('mapping.delete')).toMatchObject(byCarol('mapping.delete', 'dataset', us, `entry ${b} removed`));
  });

  it('records an entries upload with its counts', async () => {
    const csv = ['input,datasets', 'armchair,Upload A|Upload B', 'sideboard,Upload A', 'footstool,'].join('\n');
    const uploaded = await upload('curator', `${SERVICE}/dataset-entries/bulk-upload`, [['file', { file: csv }]]);
    expect(uploaded.json()).toEqual({
      created_entries: 3,
      created_datasets: 2,
      created_mappings: 3,
      existing_inputs: 0,
      repeated_inputs: 0,
      skipped_inputs: 0,
    });
    expect(await latest('entries.upload')).toMatchObject(
      byCarol('entries.upload', 'entries', null, '3 entries · 2 datasets · 3 links created'),
    );
  });

  it('records a catalogue import with its counts, and a product deleted by name', async () => {
    const first = await upload('curator', `${BACKEND}/catalogue/import`, [['file', { file: CATALOGUE }]]);
    expect(first.json()).toEqual({ imported: 3, created: 3, updated: 0 });
    expect(await latest('catalogue.import')).toMatchObject(
      byCarol('catalogue.import', 'catalogue', null, '3 products: 3 created · 0 updated'),
    );
    const again = await upload('curator', `${BACKEND}/catalogue/import`, [
      ['file', { file: 'product_id,name\np9,Floor lamp\np2,Blue sofa' }],
    ]);
    expect(again.statusCode).toBe(200);
    expect(await latest('catalogue.import')).toMatchObject({ summary: '2 products: 1 created · 1 updated' });
    expect((await call('curator', 'DELETE', `${BACKEND}/catalogue/products/p9`)).statusCode).toBe(204);
    expect(await latest('product.delete')).toMatchObject(byCarol('product.delete', 'product', 'p9', '“Floor lamp”'));
  });

  it('records a golden set uploaded (its counts), edited (the fields), rescaled (old → new) and deleted', async () => {
    const uploaded = await uploadGoldenSet('Sofas judged');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const id = uploaded.json().id;
    expect(await latest('golden_set.upload')).toMatchObject(
      byCarol('golden_set.upload', 'golden_set', id, '“Sofas judged” · 2 judgements · 2 queries'),
    );
    expect((await call('curator', 'PATCH', `${BACKEND}/golden-sets/${id}`, { name: 'Sofas', market: 'UK' })).statusCode).toBe(200);
    expect(await latest('golden_set.update')).toMatchObject(byCarol('golden_set.update', 'golden_set', id, 'name, market'));
    const rescaled = await call('curator', 'PATCH', `${BACKEND}/golden-sets/${id}`, { scale: { max_grade: 4 } });
    expect(rescaled.statusCode, rescaled.body).toBe(200);
    expect(await latest('golden_set.scale')).toMatchObject(byCarol('golden_set.scale', 'golden_set', id, '0–3 → 0–4'));
    const relabelled = await call('curator', 'PATCH', `${BACKEND}/golden-sets/${id}`, {
      description: 'Sofas only',
      scale: { max_grade: 4, labels: ['No', 'Barely', 'Some', 'Good', 'Exact'] },
    });
    expect(relabelled.statusCode).toBe(200);
    // One request, two kinds of change: a row for each, the same target.
    expect((await trail({ target_type: 'golden_set', target_id: id, page_size: 2 })).results).toMatchObject([
      { action: 'golden_set.scale', summary: '0–4 → 0–4 · labels' },
      { action: 'golden_set.update', summary: 'description' },
    ]);
    expect((await call('curator', 'DELETE', `${BACKEND}/golden-sets/${id}`)).statusCode).toBe(204);
    expect(await latest('golden_set.delete')).toMatchObject(byCarol('golden_set.delete', 'golden_set', id, '“Sofas”'));
  });

  it('records each judgement set and removed: the query, the product, the grades; the history names the same person', async () => {
    const id = (await uploadGoldenSet('Judged by Carol')).json().id;
    const judge = (query: string, product_id: string, grade: number) =>
      call('curator', 'PUT', `${BACKEND}/golden-sets/${id}/judgements/`, { query, product_id, grade });
    expect((await judge('Red  Sofa', 'p2', 1)).statusCode).toBe(200);
    expect(await latest('judgement.set')).toMatchObject(byCarol('judgement.set', 'golden_set', id, '“red sofa” · p2: none → 1'));
    expect((await judge('red sofa', 'p1', 2)).json()).toMatchObject({ judged_by: 'Carol Curator' });
    expect(await latest('judgement.set')).toMatchObject({ summary: '“red sofa” · p1: 3 → 2' });
    // The same grade again changes nothing, so nothing is recorded.
    const before = await countOf('judgement.set');
    expect((await judge('red sofa', 'p1', 2)).statusCode).toBe(200);
    expect(await countOf('judgement.set')).toBe(before);

    const removed = await call('curator', 'DELETE', `${BACKEND}/golden-sets/${id}/judgements/?query=RED%20SOFA&product_id=p2`);
    expect(removed.statusCode).toBe(204);
    expect(await latest('judgement.remove')).toMatchObject(byCarol('judgement.remove', 'golden_set', id, '“red sofa” · p2 (was 1)'));
    const history = (await call('curator', 'GET', `${BACKEND}/golden-sets/${id}/history/?page_size=1`)).json();
    expect(history.results[0]).toMatchObject({ product_id: 'p2', changed_by: 'Carol Curator' });
  });

  it('records experiments created and edited, and runs started, rescored and cancelled', async () => {
    const setId = (await uploadGoldenSet('For runs')).json().id;
    const datasetId = await createDataset('Run queries');
    const entries = [await createEntry('red sofa'), await createEntry('coffee table')];
    const pairs = entries.map((dataset_entry_id) => ({ dataset_id: datasetId, dataset_entry_id }));
    expect((await call('curator', 'POST', `${SERVICE}/dataset-entry-mappings/`, pairs)).statusCode).toBe(201);
    const script = await t.db.query<{ id: number }>(`SELECT id FROM evaluation_scripts WHERE engine = 'golden-set-relevance'`);

    const created = await call('curator', 'POST', `${BACKEND}/experiments/`, {
      name: 'BM25 baseline',
      evaluation_script_id: Number(script.rows[0].id),
      dataset_id: datasetId,
    });
    expect(created.statusCode, created.body).toBe(201);
    const experimentId = created.json().id;
    expect(await latest('experiment.create')).toMatchObject(byCarol('experiment.create', 'experiment', experimentId, '“BM25 baseline”'));
    const config = { search_target: { kind: 'builtin' }, golden_set_id: setId, k: 3 };
    const edited = await call('curator', 'PATCH', `${BACKEND}/experiments/${experimentId}`, { name: 'BM25', description: '', config });
    expect(edited.statusCode, edited.body).toBe(200);
    // The description was '' already: not named.
    expect(await latest('experiment.update')).toMatchObject(byCarol('experiment.update', 'experiment', experimentId, 'name, config'));

    const started = await call('curator', 'POST', `${BACKEND}/experiments/${experimentId}/runs`, { tags: ['nightly'] });
    expect(started.statusCode, started.body).toBe(202);
    const runId = started.json().id;
    expect(await latest('run.start')).toMatchObject(byCarol('run.start', 'run', runId, 'experiment “BM25”'));
    await runToCompletion(t.db, runId);
    const rescored = await call('curator', 'POST', `${BACKEND}/experiment-runs/${runId}/rescore`);
    expect(rescored.statusCode, rescored.body).toBe(202);
    const rescoreId = rescored.json().id;
    expect(await latest('run.rescore')).toMatchObject(byCarol('run.rescore', 'run', rescoreId, `rescore of run ${runId}`));
    // No worker here: the rescore waits, pending, until it is cancelled.
    expect((await call('curator', 'POST', `${BACKEND}/experiment-runs/${rescoreId}/cancel`)).statusCode).toBe(200);
    expect(await latest('run.cancel')).toMatchObject(byCarol('run.cancel', 'run', rescoreId, 'was pending'));
  });

  it("records a script's cost changed by an admin, old → new", async () => {
    const { rows } = await t.db.query<{ id: number; cost: number }>(
      'SELECT id, cost_per_evaluation AS cost FROM evaluation_scripts ORDER BY id LIMIT 1',
    );
    const id = Number(rows[0].id);
    const changed = await call('admin', 'PATCH', `${BACKEND}/evaluation-scripts/${id}`, {
      cost_per_evaluation: 0.25,
      description: 'Priced',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await latest('evaluation_script.update')).toMatchObject({
      actor: { sub: 'ada-3', name: 'Ada Admin' },
      target_type: 'evaluation_script',
      target_id: String(id),
      summary: `cost_per_evaluation ${Number(rows[0].cost)} → 0.25, description`,
    });
    await call('admin', 'PATCH', `${BACKEND}/evaluation-scripts/${id}`, { description: 'Priced' });
    expect(await latest('evaluation_script.update')).toMatchObject({ summary: 'nothing changed' });
  });

  it('filters by actor, action, target and time, and pages newest first with X-Total-Count', async () => {
    const before = await createDataset('Before the line', 'admin');
    await new Promise((resolve) => setTimeout(resolve, 30));
    const line = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 30));
    const after = await createDataset('After the line');
    const entry = await createEntry('wardrobe');
    await call('curator', 'POST', `${SERVICE}/dataset-entry-mappings/`, [{ dataset_id: after, dataset_entry_id: entry }]);

    const admins = await trail({ actor: 'ada-3' });
    expect(admins.results.every((row) => row.actor.sub === 'ada-3')).toBe(true);
    expect(admins.results[0]).toMatchObject({ action: 'dataset.create', target_id: String(before), actor: { name: 'Ada Admin' } });
    const curators = await trail({ actor: 'carol-7', page_size: 100 });
    expect(curators.results.length).toBeGreaterThan(20);
    expect(curators.results.every((row) => row.actor.sub === 'carol-7')).toBe(true);

    const creations = await trail({ action: 'dataset.create', page_size: 100 });
    expect(creations.results.every((row) => row.action === 'dataset.create')).toBe(true);
    expect(creations.results.slice(0, 2).map((row) => row.target_id)).toEqual([String(after), String(before)]);
    const ofAfter = await trail({ target_type: 'dataset', target_id: after });
    expect(ofAfter.results.map((row) => row.action)).toEqual(['mapping.create', 'dataset.create']);
    expect(ofAfter).toMatchObject({ count: 2, total: 2 });

    const earlier = await trail({ action: 'dataset.create', to: line, page_size: 1 });
    expect(earlier.results[0].target_id).toBe(String(before));
    const later = await trail({ from: line });
    expect(later.results.map((row) => row.action)).toEqual(['mapping.create', 'entry.create', 'dataset.create']);
    expect(later.results.every((row) => row.at >= line)).toBe(true);

    const all = await trail({ page_size: 6 });
    expect(all.total).toBe(all.count);
    expect(all.count).toBeGreaterThan(6);
    const [first, second] = [await trail({ page_size: 3 }), await trail({ page_size: 3, page: 2 })];
    expect([...first.results, ...second.results].map((row) => row.id)).toEqual(all.results.map((row) => row.id));
    expect(second.total).toBe(all.count);
    const ids = all.results.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
  });

  it('refuses a time filter that is not a date and time, naming the field (400, not the database’s 500)', async () => {
    for (const [field, value] of [
      ['from', 'yesterday'],
      ['to', '-1'],
      ['from', '2026-02-31'],
      ['to', '0x10'],
    ]) {
      for (const url of [`${BACKEND}/audit/`, `${BACKEND}/audit.csv`]) {
        const refused = await call('admin', 'GET', `${url}?${field}=${value}`);
        expect(refused.statusCode, `${url} ${field}=${value}`).toBe(400);
        expect(refused.json().message).toBe(
          `querystring.${field} must be a date and time (ISO 8601), such as 2026-11-24 or 2026-11-24T16:00:00Z`,
        );
      }
    }
    expect((await trail({ from: '2000-01-01', to: '2999-12-31T23:59:59+01:00' })).count).toBe((await trail()).count);
  });

  it('exports the filtered trail as CSV', async () => {
    const id = await createDataset('Exported, "quoted"');
    const csv = await call('admin', 'GET', `${BACKEND}/audit.csv?target_type=dataset&target_id=${id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const [header, row, end] = csv.body.split('\r\n');
    expect(header).toBe('\uFEFFat,actor_sub,actor_name,action,target_type,target_id,summary');
    const at = (await latest('dataset.create')).at;
    expect(row).toBe(`${at},carol-7,Carol Curator,dataset.create,dataset,${id},"“Exported, ""quoted""”"`);
    expect(end).toBe('');
  });

  it('refuses the trail to viewers and curators (403), and records nothing a viewer is refused', async () => {
    for (const who of ['viewer', 'curator'] as const) {
      for (const url of [`${BACKEND}/audit/`, `${BACKEND}/audit.csv`]) {
        const refused = await call(who, 'GET', url);
        expect(refused.statusCode, `${who} ${url}`).toBe(403);
        expect(refused.json().message).toMatch(/admin/);
      }
    }
    const { total } = await trail();
    expect((await call('viewer', 'POST', `${SERVICE}/datasets/`, { name: 'Viewer set', description: 'refused' })).statusCode).toBe(403);
    expect((await trail()).total).toBe(total);
  });

  it('leaves no row when a change fails: bad upload rows, missing targets, a run that cannot start', async () => {
    const { total } = await trail();
    const badCsv = ['input,datasets,input_metadata', 'fine,Failed upload,', 'broken,Failed upload,{not json'].join('\n');
    expect((await upload('curator', `${SERVICE}/dataset-entries/bulk-upload`, [['file', { file: badCsv }]])).statusCode).toBe(400);
    expect((await uploadGoldenSet('Bad grades', 'query,product_id,relevance\nred sofa,p1,3\nred sofa,p2,high')).statusCode).toBe(400);
    const badCatalogue = 'product_id,name,attributes\np1,Sofa,{}\np2,Chair,[not an object]';
    expect((await upload('curator', `${BACKEND}/catalogue/import`, [['file', { file: badCatalogue }]])).statusCode).toBe(400);
    for (const url of [`${SERVICE}/datasets/999999`, `${SERVICE}/dataset-entries/999999`, `${BACKEND}/golden-sets/999999`]) {
      expect((await call('curator', 'DELETE', url)).statusCode, url).toBe(404);
    }
    expect((await call('curator', 'PUT', `${SERVICE}/dataset-entries/999999`, { input: 'x' })).statusCode).toBe(404);
    expect((await call('curator', 'PATCH', `${BACKEND}/experiments/999999`, { name: 'x' })).statusCode).toBe(404);
    const taken = await call('curator', 'POST', `${SERVICE}/datasets/`, { name: 'Run queries', description: 'again' });
    expect(taken.statusCode).toBe(409);
    // An experiment without a run configuration cannot start: 409, and no run.start.
    const script = await t.db.query<{ id: number }>('SELECT id FROM evaluation_scripts ORDER BY id LIMIT 1');
    const dataset = await t.db.query<{ id: number }>('SELECT id FROM datasets ORDER BY id LIMIT 1');
    const bare = await call('curator', 'POST', `${BACKEND}/experiments/`, {
      name: 'Not runnable',
      evaluation_script_id: Number(script.rows[0].id),
      dataset_id: Number(dataset.rows[0].id),
    });
    const created = (await trail()).total;
    expect(created).toBe(total + 1);
    expect((await call('curator', 'POST', `${BACKEND}/experiments/${bare.json().id}/runs`)).statusCode).toBe(409);
    expect((await trail()).total).toBe(created);
  });

  it('rolls its row back with a change that fails at commit, after the row was written', async () => {
    // A deferred trigger runs at COMMIT, after every statement of the change and its audit row: it counts
    // the rows it saw (a sequence, which no rollback undoes) and refuses the actions listed.
    await t.db.exec(`
      CREATE TABLE audit_test_refused (action text PRIMARY KEY);
      CREATE SEQUENCE audit_test_seen;
      CREATE FUNCTION audit_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM audit_test_refused WHERE action = NEW.action) THEN
          PERFORM nextval('audit_test_seen');
          RAISE EXCEPTION 'audit test: % refused at commit', NEW.action;
        END IF;
        RETURN NULL;
      END $$;
      CREATE CONSTRAINT TRIGGER audit_test_refuse AFTER INSERT ON audit_events
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_test_refuse();
      INSERT INTO audit_test_refused VALUES ('dataset.create'), ('entries.upload'), ('judgement.set'), ('golden_set.upload');
    `);
    const seen = async () => Number((await t.db.query<{ n: string }>('SELECT last_value AS n FROM audit_test_seen')).rows[0].n);
    const setId = (await t.db.query<{ id: number }>(`SELECT id FROM golden_sets WHERE name = 'For runs'`)).rows[0].id;
    const version = async () => (await call('curator', 'GET', `${BACKEND}/golden-sets/${setId}`)).json().version;
    const [total, versionBefore] = [(await trail()).total, await version()];

    expect((await call('curator', 'POST', `${SERVICE}/datasets/`, { name: 'Doomed', description: 'never kept' })).statusCode).toBe(500);
    expect(await seen()).toBe(1);
    expect((await call('curator', 'GET', `${SERVICE}/datasets/?search=Doomed`)).headers['x-total-count']).toBe('0');

    // Several COPY chunks, all in the upload's one transaction.
    const rows = Array.from({ length: 250 }, (_, i) => `doomed query ${i},Doomed upload`);
    const bulk = await upload('curator', `${SERVICE}/dataset-entries/bulk-upload`, [
      ['file', { file: ['input,datasets', ...rows].join('\n') }],
    ]);
    expect(bulk.statusCode).toBe(500);
    expect(await seen()).toBe(2);
    expect((await call('curator', 'GET', `${SERVICE}/dataset-entries/?search=doomed%20query`)).headers['x-total-count']).toBe('0');

    const judged = await call('curator', 'PUT', `${BACKEND}/golden-sets/${setId}/judgements/`, {
      query: 'lamp',
      product_id: 'p9',
      grade: 1,
    });
    expect(judged.statusCode).toBe(500);
    expect(await seen()).toBe(3);
    expect(await version()).toBe(versionBefore);

    expect((await uploadGoldenSet('Doomed set')).statusCode).toBe(500);
    expect(await seen()).toBe(4);
    expect(
      (await call('curator', 'GET', `${BACKEND}/golden-sets/?page_size=100`)).json().results.map((s: { name: string }) => s.name),
    ).not.toContain('Doomed set');

    expect((await trail()).total).toBe(total);
    await t.db.exec('DROP TRIGGER audit_test_refuse ON audit_events');
  });
});
