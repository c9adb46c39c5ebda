import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uploadCsv } from './helpers/bulk-upload';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

describe.each(backends)('bulk upload into one dataset, and inputs that are there already (%s)', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.db.exec('DELETE FROM dataset_entries; DELETE FROM datasets;');
  });

  const upload = (csv: string, query = '') => uploadCsv(t, csv, { query });

  async function createDataset(name: string): Promise<number> {
    const { rows } = await t.db.query<{ id: string }>("INSERT INTO datasets (name, description) VALUES ($1, '') RETURNING id", [name]);
    return Number(rows[0].id);
  }

  /** Each dataset's inputs, in the order they were stored. */
  async function datasetInputs(): Promise<Record<string, string[]>> {
    const { rows } = await t.db.query<{ name: string; inputs: string[] }>(
      `SELECT d.name, coalesce(array_agg(e.input ORDER BY e.id) FILTER (WHERE e.id IS NOT NULL), '{}') AS inputs
       FROM datasets d LEFT JOIN dataset_entry_mappings m ON m.dataset_id = d.id LEFT JOIN dataset_entries e ON e.id = m.dataset_entry_id
       GROUP BY d.name ORDER BY d.name`,
    );
    return Object.fromEntries(rows.map((row) => [row.name, row.inputs]));
  }

  const entryCount = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM dataset_entries')).rows[0].n;

  it('puts every row into the dataset dataset_id names, besides the ones its datasets cell names, without linking twice', async () => {
    const chairs = await createDataset('Chairs');

    const answer = await upload('input,datasets\nleather chairs,\noak table,Tables\nwicker chair,Chairs|Tables\n', `?dataset_id=${chairs}`);

    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      created_entries: 3,
      created_datasets: 1,
      created_mappings: 5,
      existing_inputs: 0,
      repeated_inputs: 0,
      skipped_inputs: 0,
    });
    expect(await datasetInputs()).toEqual({
      Chairs: ['leather chairs', 'oak table', 'wicker chair'],
      Tables: ['oak table', 'wicker chair'],
    });
  });

  it('refuses a dataset_id no dataset has with a 404 and a bad option with a 400 naming it, importing nothing', async () => {
    const missing = await upload('input\nleather chairs\n', '?dataset_id=987654');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Dataset 987654 does not exist, so no row could go into it; nothing was imported');

    const notAnId = await upload('input\nleather chairs\n', '?dataset_id=chairs');
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().message).toContain('dataset_id');

    const unknownChoice = await upload('input\nleather chairs\n', '?on_existing=replace');
    expect(unknownChoice.statusCode).toBe(400);
    expect(unknownChoice.json().message).toContain('on_existing');
    expect(await entryCount()).toBe(0);
  });

  it('counts inputs the dataset holds already, ignoring case and spaces, and repeats within the file; add stores them anyway', async () => {
    const chairs = await createDataset('Chairs');
    expect((await upload('input\nleather chairs\n', `?dataset_id=${chairs}`)).statusCode).toBe(200);

    const answer = await upload('input\nLeather  Chairs\n LEATHER CHAIRS \noak table\nOak   Table\n', `?dataset_id=${chairs}`);

    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      created_entries: 4,
      created_datasets: 0,
      created_mappings: 4,
      existing_inputs: 1,
      repeated_inputs: 2,
      skipped_inputs: 0,
    });
    expect(await datasetInputs()).toEqual({
      Chairs: ['leather chairs', 'Leather  Chairs', ' LEATHER CHAIRS ', 'oak table', 'Oak   Table'],
    });
  });

  it('with on_existing=skip stores neither inputs the dataset holds already nor repeats, and says how many it skipped', async () => {
    const chairs = await createDataset('Chairs');
    await upload('input\nleather chairs\n', `?dataset_id=${chairs}`);

    const answer = await upload('input\nLeather  Chairs\noak table\nOak   Table\nwicker chair\n', `?dataset_id=${chairs}&on_existing=skip`);

    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      created_entries: 2,
      created_datasets: 0,
      created_mappings: 2,
      existing_inputs: 1,
      repeated_inputs: 1,
      skipped_inputs: 2,
    });
    expect(await datasetInputs()).toEqual({ Chairs: ['leather chairs', 'oak table', 'wicker chair'] });
    expect(await entryCount()).toBe(3);
    const { rows } = await t.db.query<{ summary: string }>(
      "SELECT summary FROM audit_events WHERE action = 'entries.upload' ORDER BY id DESC LIMIT 1",
    );
    expect(rows[0].summary).toBe(
      '2 entries · 0 datasets · 2 links created; 1 input was in their dataset already · 1 input repeated in the file, skipped',
    );
  });

  it('matches per dataset: an input another dataset holds is new here, and a row stays in the datasets that lack it', async () => {
    const chairs = await createDataset('Chairs');
    await upload('input,datasets\nleather chairs,Sofas\nrattan chair,Chairs\n');

    const answer = await upload(
      'input,datasets\nLEATHER CHAIRS,Chairs\nRattan Chair,Chairs|Patio\n',
      `?dataset_id=${chairs}&on_existing=skip`,
    );

    expect(answer.json()).toMatchObject({
      created_entries: 2,
      created_mappings: 2,
      existing_inputs: 1,
      repeated_inputs: 0,
      skipped_inputs: 0,
    });
    expect(await datasetInputs()).toEqual({
      Chairs: ['rattan chair', 'LEATHER CHAIRS'],
      Patio: ['Rattan Chair'],
      Sofas: ['leather chairs'],
    });
  });

  it('stays all or nothing: a bad row with on_existing=skip writes nothing', async () => {
    const chairs = await createDataset('Chairs');
    await upload('input\nleather chairs\n', `?dataset_id=${chairs}`);

    const answer = await upload('input,input_metadata\nLeather Chairs,\noak table,[1]\n', `?dataset_id=${chairs}&on_existing=skip`);

    expect(answer.statusCode).toBe(400);
    expect(answer.json().details).toEqual([{ row: 3, column: 'input_metadata', problem: 'must be a JSON object, not an array' }]);
    expect(await datasetInputs()).toEqual({ Chairs: ['leather chairs'] });
  });
});
