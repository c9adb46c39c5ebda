import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

describe.each(backends)('dataset-entry mappings API on %s', (backend) => {
  let t: TestApp;
  let headers: { authorization: string };
  let sets: number[];
  let entries: number[];
  beforeAll(async () => {
    t = await startTestApp(backend);
    headers = await t.auth();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.exec('DELETE FROM dataset_entries; DELETE FROM datasets');
    sets = (
      await t.db.query<{ id: number }>(`INSERT INTO datasets (name, description) VALUES ('A', 'd'), ('B', 'd') RETURNING id`)
    ).rows.map((r) => r.id);
    entries = (await t.db.query<{ id: number }>(`INSERT INTO dataset_entries (input) VALUES ('x'), ('y'), ('z') RETURNING id`)).rows.map(
      (r) => r.id,
    );
  });

  const url = '/api/service/dataset-entry-mappings/';
  const pairs = async () =>
    (
      await t.db.query<{ dataset_id: number; dataset_entry_id: number }>(
        'SELECT dataset_id, dataset_entry_id FROM dataset_entry_mappings ORDER BY 1, 2',
      )
    ).rows;
  const link = (payload: unknown) => t.app.inject({ method: 'POST', url, headers, payload: payload as object });

  it('links pairs and counts each new pair once, existing pairs included without error', async () => {
    const first = await link([{ dataset_id: sets[0], dataset_entry_id: entries[0] }]);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ created: 1 });
    const second = await link([
      { dataset_id: sets[0], dataset_entry_id: entries[0] },
      { dataset_id: sets[0], dataset_entry_id: entries[1] },
      { dataset_id: sets[0], dataset_entry_id: entries[1] },
      { dataset_id: sets[1], dataset_entry_id: entries[2] },
    ]);
    expect(second.json()).toEqual({ created: 2 });
    expect(await pairs()).toEqual([
      { dataset_id: sets[0], dataset_entry_id: entries[0] },
      { dataset_id: sets[0], dataset_entry_id: entries[1] },
      { dataset_id: sets[1], dataset_entry_id: entries[2] },
    ]);
    expect((await t.app.inject({ method: 'GET', url: `/api/service/dataset-entries/${entries[1]}`, headers })).json().datasets).toEqual([
      { id: sets[0], name: 'A' },
    ]);
  });

  it('refuses unknown ids with 422 naming them, and links nothing', async () => {
    const response = await link([
      { dataset_id: sets[0], dataset_entry_id: entries[0] },
      { dataset_id: 777777, dataset_entry_id: entries[1] },
      { dataset_id: sets[1], dataset_entry_id: 888888 },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'Unprocessable Entity',
      message: 'Unknown datasets 777777 and dataset entries 888888; nothing was linked',
      details: { dataset_ids: [777777], dataset_entry_ids: [888888] },
    });
    expect(await pairs()).toEqual([]);
  });

  it.each([
    [{ dataset_id: 1, dataset_entry_id: 2 }, 'body must be array'],
    [[{ dataset_id: 1 }], 'body[0].dataset_entry_id is required'],
    [[{ dataset_id: '1', dataset_entry_id: 2 }], 'body[0].dataset_id must be integer'],
    [[{ dataset_id: 0, dataset_entry_id: 2 }], 'body[0].dataset_id must be at least 1'],
  ])('refuses the body %j with 400', async (payload, message) => {
    const response = await link(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('unlinks a list of pairs and counts only those that were linked', async () => {
    await link([
      { dataset_id: sets[0], dataset_entry_id: entries[0] },
      { dataset_id: sets[0], dataset_entry_id: entries[1] },
      { dataset_id: sets[1], dataset_entry_id: entries[1] },
    ]);
    const response = await t.app.inject({
      method: 'DELETE',
      url,
      headers,
      payload: [
        { dataset_id: sets[0], dataset_entry_id: entries[0] },
        { dataset_id: sets[0], dataset_entry_id: entries[1] },
        { dataset_id: sets[1], dataset_entry_id: entries[2] },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: 2 });
    expect(await pairs()).toEqual([{ dataset_id: sets[1], dataset_entry_id: entries[1] }]);
  });

  it('unlinks one pair by path, and answers 404 when that pair is not linked', async () => {
    await link([{ dataset_id: sets[0], dataset_entry_id: entries[0] }]);
    const one = `${url}${sets[0]}/${entries[0]}`;
    expect((await t.app.inject({ method: 'DELETE', url: one, headers })).statusCode).toBe(204);
    expect(await pairs()).toEqual([]);
    const again = await t.app.inject({ method: 'DELETE', url: one, headers });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(`Dataset entry ${entries[0]} is not in dataset ${sets[0]}`);
    expect((await t.app.inject({ method: 'DELETE', url: `${url}x/1`, headers })).statusCode).toBe(400);
  });
});
