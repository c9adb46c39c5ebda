import { describe, expect, it } from 'vitest';
import { coverageSentence, notJudgedHeading } from '../../../src/domain/golden-sets/coverage-text';
import { draftFromExperiment, emptyDraft, experimentRequest, fieldProblems } from '../../../src/domain/experiments/experiment-draft';
import { datasetChoices, scriptChoices, scriptRunsElsewhere } from '../../../src/domain/experiments/form-choices';
import { selectedStatuses, sortOptions, toggledStatus } from '../../../src/domain/runs/result-filters';
import { scoringSummary, targetSummary } from '../../../src/domain/experiments/target-summary';
import { gradeLabel, triedSummary } from '../../../src/domain/experiments/tried-hits';
import { tryRequest } from '../../../src/domain/experiments/try-request';
import type { ExperimentDetails, FormOptions } from '../../../src/domain/experiments/workbench-types';

const http = {
  kind: 'http',
  url: 'https://es.example.com/products/_search',
  method: 'POST',
  body: '{"query": {"match": {"title": "{query}"}}, "size": {k}}',
  headers: { Authorization: 'ApiKey {env:SEARCH_TARGET_ES_KEY}', 'X-Team': 'search' },
  hits: '/hits/hits',
  product_id: '/_source/sku',
  name: '/_source/title',
  image_url: '/_source/image',
  timeout_ms: 5000,
  concurrency: 8,
  requests_per_minute: 600,
};
const experiment: ExperimentDetails = {
  id: 7,
  name: 'ES title match',
  description: '',
  evaluation_script_id: 3,
  dataset_id: 1,
  created_at: '2026-11-22T15:04:00Z',
  updated_at: '2026-11-22T15:04:00Z',
  config: { search_target: http, golden_set_id: 4, k: 20, gain: 'exponential', pass_threshold: 0.7, relevant_from: 2 },
  dataset_name: 'Sofas',
  evaluation_script_name: 'Golden set relevance',
  golden_set_name: 'Set',
  run_blockers: [],
};

describe('the experiment draft', () => {
  it('gives back every field of a saved HTTP target and its scoring, as it was saved', () => {
    const { value, problems } = experimentRequest(draftFromExperiment(experiment));
    expect(problems).toEqual({});
    expect(value).toEqual({ name: 'ES title match', description: '', dataset_id: 1, evaluation_script_id: 3, config: experiment.config });
  });

  it('names what a new draft lacks, and numbers that are not numbers, beside their fields', () => {
    const { problems } = experimentRequest({ ...emptyDraft, k: 'ten', kind: 'http', headers: 'Authorization ApiKey' });
    expect(problems).toEqual({
      k: ['must be a whole number'],
      headers: ['"Authorization ApiKey" must be written Name: value'],
      golden_set_id: ['Choose a golden set'],
      dataset_id: ['Choose a dataset'],
      evaluation_script_id: ['Choose an evaluation script'],
      name: ['Give the experiment a name'],
    });
  });

  it("puts each sentence of the server's 400 beside the field it names", () => {
    expect(
      fieldProblems(
        'body.config.search_target.url must NOT have fewer than 1 characters; body.config.k must be <= 1000; body.name must NOT have more than 200 characters; body.config.search_target.name must match pattern; something else',
      ),
    ).toEqual({
      url: ['body.config.search_target.url must NOT have fewer than 1 characters'],
      k: ['body.config.k must be <= 1000'],
      name: ['body.name must NOT have more than 200 characters'],
      name_pointer: ['body.config.search_target.name must match pattern'],
      form: ['something else'],
    });
    // The target's own checks come as details, one problem per field.
    expect(
      fieldProblems('body.config.search_target: url contains no {query}: every search would be the same request; headers.X …', {
        problems: ['url contains no {query}: every search would be the same request', 'headers.X contains {env:bad}'],
      }),
    ).toEqual({ url: ['url contains no {query}: every search would be the same request'], headers: ['headers.X contains {env:bad}'] });
  });

  it('tries the target as the form has it, or says why it cannot yet', () => {
    expect(tryRequest({ ...emptyDraft, golden_set_id: '4', k: '5' }, '  red sofa ')).toEqual({
      request: { search_target: { kind: 'builtin' }, query: 'red sofa', k: 5, golden_set_id: 4 },
    });
    expect(tryRequest(emptyDraft, '  ')).toEqual({ problem: 'Type a query to try.' });
    expect(tryRequest({ ...emptyDraft, kind: 'http', concurrency: 'many' }, 'sofa')).toEqual({
      problem: 'Search target concurrency: must be a whole number',
    });
  });
});

describe('the workbench texts', () => {
  it('says how much of the dataset the golden set covers', () => {
    expect(coverageSentence({ queries: 60, judged: 52, not_judged: [] })).toBe(
      '52 of 60 queries have relevant judgements; 8 will not be scored.',
    );
    expect(coverageSentence({ queries: 1, judged: 1, not_judged: [] })).toBe('1 of 1 query has relevant judgements.');
    expect(notJudgedHeading({ queries: 3000, judged: 1000, not_judged: Array(1000).fill('q') })).toBe(
      'The first 1,000 of 2,000 queries not judged',
    );
    expect(notJudgedHeading({ queries: 10, judged: 8, not_judged: ['a', 'b'] })).toBe('Not judged');
  });

  it("sums up a tried query's answer", () => {
    const hits = [
      { rank: 1, product_id: 'a', grade: 2 },
      { rank: 2, product_id: 'b', grade: null },
    ];
    expect(triedSummary({ hits, elapsed_ms: 1234, judged: 3 })).toBe(
      '2 hits in 1,234 ms · 1 judged relevant (the golden set has 3 relevant judgements for this query).',
    );
    expect(triedSummary({ hits: [], elapsed_ms: 9 })).toBe('0 hits in 9 ms.');
    expect(triedSummary({ hits: [], elapsed_ms: 9, problem: { message: 'x' } })).toBe('The search failed after 9 ms.');
    expect([gradeLabel(0, true), gradeLabel(null, true), gradeLabel(2, false)]).toEqual(['grade 0', 'unjudged', '']);
  });

  it('narrows the datasets by name, keeping the chosen one, and marks and says when a script runs elsewhere', () => {
    const options: FormOptions = {
      datasets: [
        { id: 1, name: 'Sofas' },
        { id: 2, name: 'Lamps' },
      ],
      scripts: [
        { id: 3, name: 'Golden set relevance', runsHere: true },
        { id: 5, name: 'Elsewhere', runsHere: false },
      ],
      goldenSets: [],
    };
    expect(datasetChoices(options, 'LAM', '1').map((choice) => choice.label)).toEqual(['2 matching', 'Sofas', 'Lamps']);
    expect(scriptChoices(options).map((choice) => choice.label)).toEqual([
      'Choose a script',
      'Golden set relevance',
      'Elsewhere (not run by this server)',
    ]);
    expect([scriptRunsElsewhere(options, '5'), scriptRunsElsewhere(options, '3'), scriptRunsElsewhere(options, '')]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('toggles statuses in their usual order and offers the sorts', () => {
    expect(toggledStatus('', 'ERROR')).toBe('ERROR');
    expect(toggledStatus('ERROR', 'PASS')).toBe('PASS,ERROR');
    expect(toggledStatus('PASS,ERROR', 'ERROR')).toBe('PASS');
    expect(selectedStatuses('FAIL,BOGUS,PASS')).toEqual(['PASS', 'FAIL']);
    expect(sortOptions(['recall@10', 'ndcg@10'], 'f1@10').map((option) => option.value)).toEqual([
      '',
      'input',
      'ndcg@10',
      'recall@10',
      'f1@10',
    ]);
  });

  it('sums up a target and its scoring, including configurations written elsewhere', () => {
    // `as never` below: configurations written elsewhere are untyped JSON, which no RunConfig describes.
    expect(targetSummary({ search_target: { kind: 'builtin' } })).toBe('Built-in catalogue search');
    expect(targetSummary(experiment.config as never)).toBe('HTTP POST es.example.com/products/_search: hits /hits/hits, id /_source/sku');
    expect(targetSummary({ search_target: 'bm25-baseline' } as never)).toBe('bm25-baseline');
    expect(targetSummary(undefined)).toBe('—');
    expect(scoringSummary(experiment.config as never)).toBe('k 20 · exponential gain · passes at nDCG ≥ 0.7 · relevant from grade 2');
  });
});
