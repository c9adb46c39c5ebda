/**
 * POST /api/backend/evaluations/: a ranking file uploaded as a TREC run (with its query ids' texts), a CSV or
 * JSON Lines is scored as a run is, its means those `npm run metrics` prints for the same TREC file; the same
 * rankings in the three formats give the same evaluation. A bad line anywhere is named (line and field) and
 * nothing is stored; a missing golden set, a bad field, a viewer are refused. Ranking files have their own
 * size limit, EVALUATION_UPLOAD_LIMIT_MB, not the other uploads' UPLOAD_LIMIT_MB.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from '../helpers/test-app';
import type { Part } from '../helpers/multipart';
import { scoredEvaluation } from '../helpers/scored-evaluation';
import { RANKING_EXAMPLES, TREC_QUERIES_EXAMPLE } from '../../../src/fixtures/ranking-examples';

const API = '/api/backend';
const K = 3;
const UPLOAD_LIMIT_MB = 1;
const EVALUATION_UPLOAD_LIMIT_MB = 2;

const JUDGEMENTS =
  'query,product_id,relevance\nred sofa,p1,3\nred sofa,p3,1\nred sofa,p4,2\noak table,p6,2\noak table,p4,1\ndesk lamp,p7,2\n';

/** The rankings, best first: each format below writes these. */
const RANKED: Array<[string, string[]]> = [
  ['red sofa', ['p9', 'p1', 'p4', 'p3']],
  ['oak table', ['p4', 'p6']],
  ['desk lamp', ['p2', 'p7']],
];
const QIDS = ['101', '102', '103'];
const TREC =
  RANKED.flatMap(([, ids], q) => ids.map((id, i) => `${QIDS[q]} Q0 ${id} ${i + 1} ${(10 - i).toFixed(1)} offline`)).join('\n') + '\n';
const QUERIES = RANKED.map(([query], q) => `${QIDS[q]}\t${query}`).join('\n') + '\n';
const CSV = ['query,product_id,rank', ...RANKED.flatMap(([query, ids]) => ids.map((id, i) => `${query},${id},${i + 1}`))].join('\n') + '\n';
const JSONL = RANKED.map(([query, results]) => JSON.stringify({ query, results })).join('\n') + '\n';

describe.each(backends)('uploading an evaluation (%s)', (backend) => {
  let t: TestApp;
  let goldenSetId: number;
  let folder: string;

  const upload = (fields: Array<[string, Part]>, headers?: Record<string, string>) => t.upload(`${API}/evaluations/`, fields, headers);
  const form = (name: string, file: Part, more: Array<[string, Part]> = []): Array<[string, Part]> => [
    ['name', name],
    ['golden_set_id', String(goldenSetId)],
    ['k', String(K)],
    ...more,
    ['file', file],
  ];
  const stored = async () =>
    Number(
      (await t.db.query<{ n: number }>('SELECT (SELECT count(*) FROM evaluations) + (SELECT count(*) FROM experiment_runs) AS n')).rows[0]
        .n,
    );

  beforeAll(async () => {
    t = await startTestApp(
      backend,
      { UPLOAD_LIMIT_MB: String(UPLOAD_LIMIT_MB), EVALUATION_UPLOAD_LIMIT_MB: String(EVALUATION_UPLOAD_LIMIT_MB) },
      { runWorker: true },
    );
    folder = await mkdtemp(join(tmpdir(), 'evaluation-upload-'));
    const set = await t.upload(`${API}/golden-sets/`, [
      ['name', 'Upload set'],
      ['file', { file: JUDGEMENTS }],
    ]);
    expect(set.statusCode, set.body).toBe(201);
    goldenSetId = set.json<{ id: number }>().id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('scores a TREC run as npm run metrics does, and the same rankings as CSV or JSON Lines alike', async () => {
    const trec = await upload(
      form('TREC', { file: TREC, filename: 'offline.run' }, [['queries', { file: QUERIES, filename: 'queries.tsv' }]]),
    );
    expect(trec.statusCode, trec.body).toBe(202);
    expect(trec.json()).toMatchObject({ status: 'pending', queries: 3 });
    const details = await scoredEvaluation(t, trec.json<{ id: number }>().id);
    expect(details).toMatchObject({ status: 'success', format: 'trec', file_name: 'offline.run', k: K });
    expect(details.summary).toMatchObject({ counted: 3 });

    // The golden set's qrels under the file's query ids, and the run file as uploaded.
    const qrels = JUDGEMENTS.trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(','))
      .map(([query, id, grade]) => `${QIDS[RANKED.findIndex(([q]) => q === query)]} 0 ${id} ${grade}`);
    await writeFile(join(folder, 'qrels'), qrels.join('\n') + '\n');
    await writeFile(join(folder, 'run'), TREC);
    const cli = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'server/cli/metrics.ts', join(folder, 'qrels'), join(folder, 'run'), '-k', String(K)],
      {
        encoding: 'utf8',
      },
    );
    expect(cli.status, cli.stderr).toBe(0);
    const all = new Map(
      cli.stdout
        .trim()
        .split('\n')
        .map((line) => line.split('\t').map((field) => field.trim()))
        .map(([m, , v]) => [m, Number(v)]),
    );
    // Measures at k read the same top k as ours (trec_eval's map and recip_rank read the whole ranking; ours stop at k).
    expect(details.summary!.mean_metrics[`ndcg@${K}`]).toBeCloseTo(all.get(`ndcg_cut_${K}`)!, 4);
    expect(details.summary!.mean_metrics[`precision@${K}`]).toBeCloseTo(all.get(`P_${K}`)!, 4);
    expect(details.summary!.mean_metrics[`recall@${K}`]).toBeCloseTo(all.get(`recall_${K}`)!, 4);

    for (const [name, file] of [
      ['CSV', { file: CSV, filename: 'offline.csv' }],
      ['JSON Lines', { file: JSONL, filename: 'offline.jsonl' }],
    ] as const) {
      const other = await upload(form(name, file));
      expect(other.statusCode, other.body).toBe(202);
      const same = await scoredEvaluation(t, other.json<{ id: number }>().id);
      expect(same.summary!.mean_metrics, name).toEqual(details.summary!.mean_metrics);
    }
  });

  it("reads the console's example file of each format (New Evaluation offers them): the same three queries each", async () => {
    for (const [format, { filename, text }] of Object.entries(RANKING_EXAMPLES)) {
      const queries: Array<[string, Part]> =
        format === 'trec' ? [['queries', { file: TREC_QUERIES_EXAMPLE.text, filename: TREC_QUERIES_EXAMPLE.filename }]] : [];
      const answer = await upload(form(`Example ${format}`, { file: text, filename }, queries));
      expect(answer.statusCode, `${format}: ${answer.body}`).toBe(202);
      expect(answer.json<{ queries: number }>().queries, format).toBe(3);
    }
  });

  it('names the line and field of a bad line anywhere in the file, and stores nothing', async () => {
    const before = await stored();
    const lines = CSV.trim().split('\n');
    for (const at of [1, 5, lines.length - 1]) {
      const broken = lines.map((line, i) => (i === at ? line.replace(/,\d+$/, ',first') : line)).join('\n');
      const refused = await upload(form('Broken', { file: broken, filename: 'broken.csv' }));
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().details[0]).toMatchObject({ row: at + 1, column: 'rank' });
    }
    expect(await stored()).toBe(before);
  });

  it('refuses a missing golden set, a bad field, a file of no known format and a viewer, storing nothing', async () => {
    const before = await stored();
    const missing = await upload([
      ['name', 'x'],
      ['golden_set_id', '999999'],
      ['file', { file: CSV, filename: 'r.csv' }],
    ]);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Golden set 999999 not found');
    const badK = await upload(form('x', { file: CSV, filename: 'r.csv' }, [['k', 'ten']]));
    expect(badK.statusCode).toBe(400);
    expect(badK.json().message).toBe('k must be a whole number from 1 to 1000, got "ten"');
    const unknown = await upload(form('x', { file: CSV, filename: 'rankings.xlsx' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('choose the format');
    const viewer = await upload(form('x', { file: CSV, filename: 'r.csv' }), {
      authorization: `Bearer ${await t.issuer.token({ roles: ['viewer'] })}`,
    });
    expect(viewer.statusCode).toBe(403);
    expect(await stored()).toBe(before);
  });

  it(`takes ranking files up to EVALUATION_UPLOAD_LIMIT_MB (${EVALUATION_UPLOAD_LIMIT_MB} MiB), past UPLOAD_LIMIT_MB, and 413s beyond`, async () => {
    /** A TREC run of about `mib` MiB: queries of 100 results each, their qids the query texts. */
    const run = (mib: number) => {
      const lines: string[] = [];
      for (let bytes = 0, q = 1; bytes < mib * 1024 * 1024; q++) {
        for (let r = 1; r <= 100; r++) lines.push(`query-${q} Q0 product-${q}-${r} ${r} ${(1000 - r).toFixed(3)} big`);
        bytes += lines.slice(-100).join('\n').length + 1;
      }
      return lines.join('\n') + '\n';
    };
    const accepted = await upload(form('Past the other uploads', { file: run(1.5), filename: 'big.run' }));
    expect(accepted.statusCode, accepted.body).toBe(202);
    expect(await scoredEvaluation(t, accepted.json<{ id: number }>().id, 60_000)).toMatchObject({ status: 'success' });

    const before = await stored();
    const refused = await upload(form('Too big', { file: run(2.2), filename: 'bigger.run' }));
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe(
      `The file is larger than the upload limit of ${EVALUATION_UPLOAD_LIMIT_MB} MiB; nothing was imported`,
    );
    expect(await stored()).toBe(before);
  }, 90_000);
});
