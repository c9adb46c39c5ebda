/**
 * The pure parts of search-eval: what a CI job's summary page and test report show of a verdict, and how the
 * run's event stream is read however its bytes are split.
 */
import { describe, expect, it } from 'vitest';
import { parseEvents, verdictJunit, verdictMarkdown, type Verdict } from '../../../server/cli/search-eval.mjs';

const SERVER = 'https://evals.example.com/';

const failing: Verdict = {
  pass: false,
  baseline: { id: 12, experiment_name: 'Shop search', number: 3 },
  candidate: { id: 15 },
  checks: [
    {
      metric: 'ndcg@10',
      max_drop: 0.01,
      alpha: 0.05,
      baseline_mean: 0.61234,
      candidate_mean: 0.58,
      delta: -0.03234,
      p_value: 0.0004,
      adjusted_p_value: 0.0008,
      failed: true,
      reason: 'dropped by 0.0323 > 0.01 & significant (p < 0.05)',
    },
    {
      metric: 'recall@10',
      max_drop: 0.02,
      alpha: 0.05,
      baseline_mean: 0.5,
      candidate_mean: 0.51,
      delta: 0.01,
      p_value: 0.41,
      adjusted_p_value: 0.41,
      failed: false,
      reason: null,
    },
  ],
  worst_regressions: Array.from({ length: 12 }, (_, i) => ({
    query: i === 0 ? 'sofa | bed *cheap*' : `query ${i}`,
    baseline: 0.9,
    candidate: 0.9 - (12 - i) / 20,
    delta: -(12 - i) / 20,
  })),
  multiple_comparisons: { method: 'holm', tests: 2 },
};

describe('the Markdown summary', () => {
  const markdown = verdictMarkdown(failing, { server: SERVER });

  it('says the gate failed, links both runs and their comparison on the console', () => {
    expect(markdown.split('\n')[0]).toBe('## Search evaluation gate: ❌ failed');
    expect(markdown).toContain(
      'Baseline [Shop search #3 \\(run 12\\)](https://evals.example.com/experiment-run-results/12), ' +
        'candidate [run 15](https://evals.example.com/experiment-run-results/15): ' +
        '[compare them](https://evals.example.com/compare?baseline=12&candidate=15).',
    );
  });

  it("holds one row per check: means, delta, p-values and the server's reason", () => {
    expect(markdown).toContain(
      '| ndcg@10 drops at most 0.01 \\(α 0.05\\) | 0.6123 | 0.5800 | -0.0323 | < 0.001 | < 0.001 | ❌ dropped by 0.0323 \\> 0.01 & significant \\(p \\< 0.05\\) |',
    );
    expect(markdown).toContain('| recall@10 drops at most 0.02 \\(α 0.05\\) | 0.5000 | 0.5100 | +0.0100 | 0.410 | 0.410 | ✅ passed |');
    expect(markdown).toContain('Multiple comparisons: method: holm, tests: 2.');
  });

  it("lists the ten worst queries, each linked to the comparison filtered to it, its text's markup escaped", () => {
    expect(markdown).toContain('### The 10 worst queries (ndcg@10)');
    const rows = markdown.split('\n').filter((line) => line.startsWith('| ['));
    expect(rows).toHaveLength(10);
    expect(rows[0]).toBe(
      '| [sofa \\| bed \\*cheap\\*](https://evals.example.com/compare?baseline=12&candidate=15&metric=ndcg%4010&search=sofa+%7C+bed+*cheap*) | 0.9000 | 0.3000 | -0.6000 |',
    );
    expect(rows[9]).toContain('[query 9]');
  });

  it("links the console's own pages when the server names them", () => {
    const linked = verdictMarkdown(
      {
        ...failing,
        paired: 42,
        console_path: '/compare?baseline=12&candidate=15&metric=ndcg%4010&filter=regressions',
        worst_regressions: [
          { ...failing.worst_regressions![1], metric: 'ndcg@10', console_path: '/compare/pair?baseline_result=5&candidate_result=9' },
        ],
      },
      { server: 'https://evals.example.com/console/' },
    );
    expect(linked).toContain(
      '[compare them](https://evals.example.com/console/compare?baseline=12&candidate=15&metric=ndcg%4010&filter=regressions) over 42 paired queries.',
    );
    expect(linked).toContain('### The worst query (ndcg@10)');
    expect(linked).toContain('| [query 1](https://evals.example.com/console/compare/pair?baseline_result=5&candidate_result=9) |');
  });

  it('says a passing gate passed, and leaves out the worst queries when there are none', () => {
    const passing = verdictMarkdown({ ...failing, pass: true, checks: [failing.checks[1]], worst_regressions: [] }, { server: SERVER });
    expect(passing.split('\n')[0]).toBe('## Search evaluation gate: ✅ passed');
    expect(passing).not.toContain('worst');
  });
});

describe('the JUnit report', () => {
  it('has one test case per check, a failure element with the reason for a failed one', () => {
    const xml = verdictJunit(failing);
    expect(
      xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="search-eval" tests="2" failures="1" errors="0">'),
    ).toBe(true);
    expect(xml).toContain(
      '<testsuite name="search-eval gate: Shop search #3 (run 12) → run 15" tests="2" failures="1" errors="0" skipped="0">',
    );
    expect(xml.match(/<testcase /g)).toHaveLength(2);
    expect(xml).toContain(
      '<testcase classname="search-eval.gate" name="ndcg@10 drops at most 0.01 (α 0.05)">\n' +
        '      <failure message="dropped by 0.0323 &gt; 0.01 &amp; significant (p &lt; 0.05)" type="regression">' +
        'baseline mean 0.6123, candidate mean 0.5800, delta -0.0323, p-value &lt; 0.001, adjusted p-value &lt; 0.001</failure>',
    );
    expect(xml).toMatch(/<testcase classname="search-eval.gate" name="recall@10 drops at most 0.02 \(α 0.05\)">\n\s+<system-out>/);
    expect(xml.trimEnd().endsWith('</testsuites>')).toBe(true);
  });

  it('fails a test case "gate" when the verdict fails without a failed check, and drops what XML cannot hold', () => {
    const xml = verdictJunit({ ...failing, checks: [{ ...failing.checks[1], metric: 'mrr\u0001"x"' }] });
    expect(xml).toContain('tests="2" failures="1"');
    expect(xml).toContain('<testcase classname="search-eval.gate" name="gate">');
    expect(xml).toContain('name="mrr&quot;x&quot; drops at most 0.02 (α 0.05)"');
  });
});

describe('reading the event stream', () => {
  it('reads events split anywhere, with CRLF line ends, comments and several data lines', () => {
    const stream = ': still running\r\n\r\nevent: progress\r\ndata: {"done":1}\r\n\r\nevent: end\ndata: {"a":\ndata: 2}\n\n';
    const events: Array<{ event: string; data: string }> = [];
    for (let cut = 0; cut <= stream.length; cut++) {
      events.length = 0;
      const first = parseEvents(stream.slice(0, cut));
      const second = parseEvents(first.rest + stream.slice(cut));
      events.push(...first.events, ...second.events);
      expect(second.rest, `cut at ${cut}`).toBe('');
      expect(events, `cut at ${cut}`).toEqual([
        { event: 'progress', data: '{"done":1}' },
        { event: 'end', data: '{"a":\n2}' },
      ]);
    }
  });
});
