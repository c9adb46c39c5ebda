import { describe, expect, it } from 'vitest';
import { runLabel, runNumberText } from '../../../src/domain/runs/run-label';
import { targetParts } from '../../../src/domain/runs/run-target';
import { runDifferences, type ConfiguredRun } from '../../../src/domain/runs/run-differences';

// Telling runs apart: their number in the experiment, what their target asked, and what differs between two.

const http = (target: Record<string, unknown>, rest: Record<string, unknown> = {}) => ({
  search_target: { kind: 'http', hits: '/hits/hits', product_id: '/_id', ...target },
  golden_set_id: 4,
  ...rest,
});

describe('a run’s name', () => {
  it('is its number in its experiment, or its id when it has none', () => {
    expect(runLabel({ id: 10, number: 3 })).toBe('Run #3');
    expect(runNumberText({ id: 10, number: 3 })).toBe('#3');
    expect(runLabel({ id: 10 })).toBe('Run 10');
    expect(runLabel({ id: 10, number: null })).toBe('Run 10');
  });
});

describe('a run’s target in the runs table', () => {
  it('tells three targets on one host apart by their path and query', () => {
    const parts = [
      'https://es.example.com/products/_search?q={query}',
      'https://es.example.com/products/_search?q={query}&boost=2',
      'https://es.example.com/catalogue/_search?q={query}',
    ].map((url) => targetParts(http({ url })).request);
    expect(parts).toEqual([
      'GET es.example.com/products/_search?q={query}',
      'GET es.example.com/products/_search?q={query}&boost=2',
      'GET es.example.com/catalogue/_search?q={query}',
    ]);
  });

  it('gives the method and the body’s template on one line, cut short', () => {
    const body =
      '{\n  "query": {\n    "multi_match": {\n      "query": "{query}",\n      "fields": ["name^3", "description"]\n    }\n  },\n  "size": {k}\n}';
    expect(targetParts(http({ url: 'http://localhost:9200/p/_search', method: 'POST', body }))).toEqual({
      request: 'POST localhost:9200/p/_search',
      body: '{ "query": { "multi_match": { "query": "{query}",…',
    });
    expect(targetParts(http({ url: 'http://x/s', method: 'POST', body: '  ' })).body).toBeNull();
  });

  it('names the built-in search, a target named another way, and none', () => {
    expect(targetParts({ search_target: { kind: 'builtin' } })).toEqual({ request: 'Built-in catalogue search', body: null });
    expect(targetParts({ search_target: 'bm25-baseline' }).request).toBe('bm25-baseline');
    expect(targetParts(null).request).toBe('—');
    expect(targetParts({}).request).toBe('—');
  });
});

describe('what differs between two runs', () => {
  const run = (config: Record<string, unknown> | null, tags: string[] = [], script = 'Golden set relevance'): ConfiguredRun => ({
    evaluation_script_name: script,
    tags,
    config,
  });
  const url = 'https://es.example.com/products/_search?q={query}';

  it('is nothing for runs alike, a default left out reading as the value it stands for', () => {
    expect(runDifferences(run(http({ url }, { k: 10 }), ['a', 'b']), run(http({ url, method: 'GET' }), ['b', 'a']))).toEqual([]);
  });

  it('lists each differing field in a fixed order: script, tags, target, golden set, scoring', () => {
    const first = run(http({ url, headers: { Authorization: '{env:KEY}' } }, { k: 10, gain: 'linear' }), ['baseline']);
    const second = run(
      http(
        { url: `${url}&boost=2`, method: 'POST', body: '{"q": "{query}"}', headers: { Authorization: '{env:OTHER}', 'X-Team': 'search' } },
        { k: 20, gain: 'exponential', golden_set_id: 5, extra: { a: 1 } },
      ),
      [],
      'LLM judge',
    );
    expect(runDifferences(first, second)).toEqual([
      { field: 'Script', first: 'Golden set relevance', second: 'LLM judge' },
      { field: 'Tags', first: 'baseline', second: '—' },
      { field: 'Method', first: 'GET', second: 'POST' },
      { field: 'URL', first: url, second: `${url}&boost=2` },
      { field: 'Body', first: '—', second: '{"q": "{query}"}' },
      { field: 'Header names', first: 'Authorization', second: 'Authorization, X-Team' },
      { field: 'Golden set', first: 'Golden set 4', second: 'Golden set 5' },
      { field: 'k', first: '10', second: '20' },
      { field: 'Gain', first: 'linear', second: 'exponential' },
      { field: 'extra', first: '—', second: '{"a":1}' },
      // A header's values are never shown (they may hold secrets), only that they differ.
      { field: 'Header Authorization', first: 'one value', second: 'another value' },
    ]);
  });

  it('tells a built-in target from an HTTP one, and a run made elsewhere', () => {
    const builtin = run({ search_target: { kind: 'builtin' }, golden_set_id: 4 });
    expect(runDifferences(builtin, run(http({ url }))).slice(0, 3)).toEqual([
      { field: 'Target', first: 'Built-in catalogue search', second: 'HTTP search service' },
      { field: 'Method', first: '—', second: 'GET' },
      { field: 'URL', first: '—', second: url },
    ]);
    expect(runDifferences(builtin, run(null))[0]).toEqual({ field: 'Target', first: 'Built-in catalogue search', second: '—' });
    expect(runDifferences(builtin, run(null))).toContainEqual({
      field: 'Configuration',
      first: '—',
      second: 'none (a run made elsewhere)',
    });
  });
});
