import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { TestCase } from '../../../src/domain/evaluations/test-case';
import { TestCasePage } from '../../../src/views/evaluations/TestCasePage';
import { statusBadgeTone, toneBorder, toneText } from '../../../src/views/ui/status-badge.css';
import { fakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';

// The test case page's content beyond its machine's paths (test-case.model.test.tsx): the ranking and the
// references in the specification's colours, the metrics to three decimals, the nDCG summary's colour rule and
// the completion's badge.

afterEach(cleanup);

const definition = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling!.textContent;
const items = (name: string) => within(screen.getByRole('list', { name })).getAllByRole('listitem');

/** 'oak dining table' at k 10, judged relevant from grade 2: P-1 and P-3 relevant and ranked, P-2 judged 1 (below the cut). */
const testCase = (metrics: Record<string, number>, completion: TestCase['completion'] = 'COMPLETE'): TestCase => ({
  id: 41,
  entry_id: 7,
  experiment_configuration: {},
  created_at: '2026-03-02T09:18:42.000Z',
  completion,
  product_names: { 'P-1': 'Alder Oak Table', 'P-3': 'Corvin Round Table', 'P-8': 'Ingram Reclaimed Table', 'P-2': 'Oak Bench' },
  result: {
    input: 'oak dining table',
    status: 'PASS',
    results: {
      metrics,
      search_results: [
        { product_id: 'P-1', name: 'Alder Solid Oak Extendable Dining Table' },
        { product_id: 'P-2' },
        { product_id: 'P-7' },
        { product_id: 'P-3' },
      ],
      golden_set: [
        { product_id: 'P-1', relevance: 3 },
        { product_id: 'P-8', relevance: 3 },
        { product_id: 'P-3', relevance: 2 },
        { product_id: 'P-2', relevance: 1 },
      ],
      commons: ['P-1', 'P-3'],
      missings: ['P-8'],
      leftovers: ['P-2', 'P-7'],
    },
  },
});

async function open(shown: TestCase) {
  const services = fakeDeps();
  renderWithLogic(services, '/test-case/41', <TestCasePage id={41} />);
  await services.settle('findRunResult', { output: shown });
  return services;
}

describe('the test case page (/test-case/{id})', () => {
  it('frames ranked products green when relevant and yellow when not, references green when ranked and red when missed', async () => {
    await open(testCase({ 'ndcg@10': 0.86421 }));
    const ranked = items('Ranking');
    expect(ranked.map((item) => [item.firstElementChild!.firstElementChild!.textContent, item.lastElementChild!.textContent])).toEqual([
      // The name the search returned, else the catalogue's, else the id.
      ['1. Alder Solid Oak Extendable Dining Table', 'Common'],
      // Judged below the relevance cut: not a relevant reference.
      ['2. Oak Bench', 'Leftover'],
      ['3. P-7', 'Leftover'],
      ['4. Corvin Round Table', 'Common'],
    ]);
    const tones = ['success', 'warning', 'warning', 'success'] as const;
    ranked.forEach((item, index) => {
      expect(item.className).toContain(toneBorder[tones[index]]);
      expect(item.lastElementChild!.className).toContain(toneText[tones[index]]);
    });

    // Only the relevant references, best grade first.
    const references = items('References');
    expect(references.map((item) => [item.firstElementChild!.textContent, item.lastElementChild!.textContent])).toEqual([
      ['Alder Oak TableP-1 · relevance 3', 'Common'],
      ['Ingram Reclaimed TableP-8 · relevance 3', 'Missing'],
      ['Corvin Round TableP-3 · relevance 2', 'Common'],
    ]);
    expect(references.map((item) => item.className.includes(toneBorder.danger))).toEqual([false, true, false]);
    expect(references[0].className).toContain(toneBorder.success);
    expect(items('Legend').map((item) => item.textContent)).toEqual([
      'Common: ranked and relevant',
      'Missing: relevant, not ranked',
      'Leftover: ranked, not a relevant reference',
    ]);
  });

  it('shows each metric to three decimals, and the nDCG summary green at or above 80 %', async () => {
    await open(testCase({ 'ndcg@10': 0.86421, 'precision@10': 0.2, 'recall@10': 0.66667, 'f1@10': 0.30769 }));
    expect(definition('nDCG@10')).toBe('0.864');
    expect(definition('P@10')).toBe('0.200');
    expect(definition('R@10')).toBe('0.667');
    expect(definition('F1@10')).toBe('0.308');
    const summary = screen.getByTestId('ndcg-summary');
    expect(summary.textContent).toBe('nDCG@10 86.4%: at or above the 80.0% target');
    expect(summary.className).toContain(toneText.success);
  });

  it.each([
    [0.8, 'success', 'nDCG@10 80.0%: at or above the 80.0% target'],
    [0.7999, 'warning', 'nDCG@10 80.0%: below the 80.0% target'],
    [0, 'warning', 'nDCG@10 0.0%: below the 80.0% target'],
  ] as const)('paints an nDCG of %f %s', async (ndcg, tone, text) => {
    await open(testCase({ 'ndcg@10': ndcg }));
    const summary = screen.getByTestId('ndcg-summary');
    expect(summary.textContent).toBe(text);
    expect(summary.className).toContain(toneText[tone]);
  });

  it.each([
    ['COMPLETE', 'Complete', 'success'],
    ['PAGE_WITHOUT_RELEVANTS', 'Page without relevants', 'danger'],
    ['NO_MORE_RESULTS', 'No more results', 'warning'],
  ] as const)('shows the completion %s as a badge', async (completion, label, tone) => {
    await open(testCase({ 'ndcg@10': 0.5 }, completion));
    expect(definition('Status')).toBe(label);
    expect(screen.getByText(label).className).toContain(statusBadgeTone[tone]);
  });

  it("shows a run's result without a completion by its status, and a failed search's text without metrics", async () => {
    const failed = testCase({}, null);
    await open({
      ...failed,
      result: { ...failed.result, status: 'ERROR', test_result: 'Search failed: timeout', results: { search_results: [] } },
    });
    expect(definition('Status')).toBe('ERROR');
    expect(screen.getByText('Search failed: timeout')).toBeTruthy();
    expect(screen.queryByTestId('ndcg-summary')).toBeNull();
  });
});
