// Means anyone can reproduce: a run's means equal `npm run metrics -c` on the run's own
// results.qrels and results.trec, whatever its gain and relevant-from, with repeated queries, queries
// without hits, queries judged only below relevant-from and queries judged only 0.
import { spawnSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatValue } from '../../server/evaluation/trec-eval';
import { formatMean } from '../../src/domain/shared/format-metric';
import { startEngineRuns, type EngineRuns } from './helpers/engine-run';
import { backends, type TestApp } from './helpers/test-app';

const API = '/api/backend';

const CATALOGUE = [
  'product_id,name,description',
  'p1,Red velvet sofa,A deep red sofa',
  'p2,Blue sofa,Three seats',
  'p3,Red armchair,Matches the red sofa',
  'p4,Oak coffee table,Solid oak',
  'p5,Glass coffee table,Tempered glass',
  'p6,Oak side table,Small',
  'p7,Desk lamp,LED',
].join('\n');

const JUDGEMENTS = [
  'query,product_id,relevance',
  'red sofa,p1,3',
  'red sofa,p3,1',
  'coffee table,p4,2',
  'coffee table,p5,1',
  'coffee table,p9,3',
  // Judged only 1: with relevant-from 2 nothing is relevant, yet it has an nDCG and counts.
  'oak table,p6,1',
  'oak table,p4,1',
  // Judged, but the search finds nothing: counts, scoring 0.
  'zebra rug,p1,2',
  // Judged only 0: not scored (UNJUDGED), not in the means or the qrels.
  'desk lamp,p7,0',
].join('\n');

/** 'Red  SOFA ' repeats 'red sofa': it is scored, and left out of the means. */
const INPUTS = ['red sofa', 'coffee table', 'Red  SOFA ', 'oak table', 'zebra rug', 'desk lamp', 'armchair'];

function metricsCli(...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/metrics.ts', ...args], { encoding: 'latin1' });
  expect(result.status, result.stderr).toBe(0);
  const all = new Map<string, string>();
  for (const line of result.stdout.trim().split('\n')) {
    const [name, qid, value] = line.split('\t').map((field) => field.trim());
    if (qid === 'all') all.set(name, value);
  }
  return all;
}

describe.each(backends)('reproducible means (%s)', (backend) => {
  let engine: EngineRuns;
  let t: TestApp;
  let goldenSetId: number;

  /** A new experiment 'Means' with `config`, run to its end. */
  async function finishedRun(config: object) {
    return engine.finishedRun(await engine.addExperiment('Means', config));
  }

  beforeAll(async () => {
    engine = await startEngineRuns(backend, { name: 'Means', catalogue: CATALOGUE, judgements: JUDGEMENTS });
    ({ t, goldenSetId } = engine);
    for (const input of INPUTS) await engine.addEntry(input);
  }, 60_000);
  afterAll(() => t?.close());

  it.each([
    { k: 3, gain: 'linear', relevant_from: 1 },
    { k: 3, gain: 'exponential', relevant_from: 2 },
    { k: 2, gain: 'linear', relevant_from: 3 },
  ] as const)('prints the run’s means from its own exports: k $k, $gain gain, relevant from $relevant_from', async (settings) => {
    const run = await finishedRun({ search_target: { kind: 'builtin' }, golden_set_id: goldenSetId, pass_threshold: 0.5, ...settings });
    expect(run.status).toBe('success');
    // red sofa, coffee table, oak table, zebra rug; the repeat of red sofa is scored but left out.
    expect(run.summary).toMatchObject({ results: INPUTS.length, unjudged: 2, counted: 4, repeated: 1 });
    // The runs list carries the same summary, for the runs table.
    const listed = (await t.call('GET', `${API}/experiment-runs/by_experiment/${run.experiment_id}`)).json<
      Array<{ id: number; summary: object }>
    >();
    expect(listed.find((r) => r.id === run.id)!.summary).toEqual(run.summary);

    const dir = await mkdtemp(join(tmpdir(), 'run-means-'));
    for (const file of ['qrels', 'trec', 'queries.tsv']) {
      const download = await t.call('GET', `${API}/experiment-runs/${run.id}/results.${file}`);
      expect(download.statusCode, download.body).toBe(200);
      await writeFile(join(dir, file), download.body);
    }
    const all = metricsCli(
      join(dir, 'qrels'),
      join(dir, 'trec'),
      '-c',
      '-k',
      String(settings.k),
      '--gain',
      settings.gain,
      '--relevant-from',
      String(settings.relevant_from),
    );
    const { k } = settings;
    const means = run.summary!.mean_metrics;
    const ndcg = settings.gain === 'exponential' ? [`ndcg@${k}_exp`, `ndcg_cut_exp_${k}`] : [`ndcg@${k}`, `ndcg_cut_${k}`];
    const pairs = [ndcg, [`precision@${k}`, `P_${k}`], [`recall@${k}`, `recall_${k}`], [`f1@${k}`, `F1_${k}`]];
    pairs.push([`reciprocal_rank@${k}`, 'recip_rank'], [`average_precision@${k}`, 'map']);
    expect(all.get('num_q')).toBe('4');
    for (const [run, cli] of pairs) {
      expect(formatValue(means[run]), `${run} against ${cli}`).toBe(all.get(cli));
      // The console shows the mean with the same rounding.
      expect(formatMean(means[run])).toBe(all.get(cli));
    }
    const queries = (await t.call('GET', `${API}/experiment-runs/${run.id}/results.queries.tsv`)).body;
    expect(
      queries
        .trimEnd()
        .split('\n')
        .map((line) => line.split('\t')[1])
        .sort(),
    ).toEqual(['coffee table', 'oak table', 'red sofa', 'zebra rug']);
  });

  it('scores a query judged only below relevant-from: nDCG from its grades, 0 for the binary measures', async () => {
    const run = await finishedRun({ search_target: { kind: 'builtin' }, golden_set_id: goldenSetId, k: 3, relevant_from: 2 });
    const results = (await t.call('GET', `${API}/experiment-runs/${run.id}/results?page_size=100`)).json<Array<{ result: any }>>();
    const oak = results.find((r) => r.result.input === 'oak table')!.result;
    expect(oak.status).not.toBe('UNJUDGED');
    expect(oak.results.metrics['ndcg@3']).toBeGreaterThan(0);
    expect(oak.results.metrics).toMatchObject({ 'precision@3': 0, 'recall@3': 0, 'f1@3': 0 });
    const lamp = results.find((r) => r.result.input === 'desk lamp')!.result;
    expect(lamp.status).toBe('UNJUDGED');
    const from1 = await finishedRun({ search_target: { kind: 'builtin' }, golden_set_id: goldenSetId, k: 3, relevant_from: 1 });
    // nDCG does not move with relevant-from.
    expect(from1.summary!.mean_metrics['ndcg@3']).toBe(run.summary!.mean_metrics['ndcg@3']);
    expect(from1.summary!.mean_metrics['precision@3']).toBeGreaterThan(run.summary!.mean_metrics['precision@3']);
  });
});
