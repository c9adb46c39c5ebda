import { describe, expect, it } from 'vitest';
import {
  addressProblem,
  compareHrefOf,
  compareSearch,
  comparisonParams,
  openingFilter,
  readCompareAddress,
  swappedAddress,
  rowHref,
  sameAddress,
} from '../../../src/domain/compare/compare-address';
import {
  filterCounts,
  formatDelta,
  formatInterval,
  formatPValue,
  formatRelativeDelta,
  formatWinsTiesLosses,
  isSignificant,
  noRowsText,
  pairedText,
  runName,
  unpairedText,
  VERDICT_TEXT,
  VERDICT_TONE,
  verdictOf,
} from '../../../src/domain/compare/compare-format';
import { metricLabel } from '../../../src/domain/shared/metric-label';
import type { DeltaBin, RunComparison } from '../../../src/domain/compare/comparison-types';
import { binLabel, deltaHistogram } from '../../../src/domain/compare/delta-histogram';
import { overlapHistogram } from '../../../src/domain/compare/overlap-histogram';
import { formatOverlap, overlapText, rowOverlaps } from '../../../src/domain/compare/compare-format';
import { orderLabels } from '../../../src/domain/compare/compare-address';
import { overlapSummary } from '../helpers/comparison-answer';

// The comparison's pure parts: the address a shared link carries, how each number of the comparison reads, and the
// histogram's geometry.

describe('the compare address', () => {
  it('reads the runs and every choice', () => {
    expect(readCompareAddress('?baseline=3&candidate=7&metric=precision@10&filter=regressions&search=sofa&order=desc&page=2')).toEqual({
      baseline: '3',
      candidate: '7',
      metric: 'precision@10',
      filter: 'regressions',
      search: 'sofa',
      order: 'desc',
      page: 2,
    });
  });

  it('reads either side as a run (its id alone, or run:ID) or an evaluation (evaluation:ID), as the server takes them', () => {
    const address = readCompareAddress('?baseline=evaluation:5&candidate=run:12');
    expect([address.baseline, address.candidate]).toEqual(['evaluation:5', '12']);
    expect(addressProblem(address)).toBeNull();
    // Sent and written back in one form: a run by its id alone.
    expect(comparisonParams(address)).toEqual({ baseline: 'evaluation:5', candidate: '12' });
    expect(compareSearch(address)).toBe('?baseline=evaluation%3A5&candidate=12');
    expect(readCompareAddress(compareSearch(address))).toEqual(address);
    expect(sameAddress(address, readCompareAddress('?baseline=evaluation%3A5&candidate=12'))).toBe(true);
    expect(swappedAddress(address)).toMatchObject({ baseline: '12', candidate: 'evaluation:5' });
  });

  it.each(['evaluation:', 'evaluation:0', 'evaluation:x', 'experiment:3', 'run:-1', 'run:1.5', ':4', 'evaluation:5:6'])(
    'reads the side %s as none',
    (side) => {
      expect(readCompareAddress(`?baseline=${encodeURIComponent(side)}&candidate=2`).baseline).toBeNull();
    },
  );

  it('says so when both sides name one evaluation', () => {
    expect(addressProblem(readCompareAddress('?baseline=evaluation:5&candidate=evaluation:5'))).toBe(
      'The baseline and the candidate are the same evaluation (Evaluation 5): choose two different runs.',
    );
    expect(addressProblem(readCompareAddress('?baseline=run:5&candidate=5'))).toBe(
      'The baseline and the candidate are the same run (Run 5): choose two different runs.',
    );
    // An evaluation and a run are told apart only by the server (the run may be the evaluation's).
    expect(addressProblem(readCompareAddress('?baseline=evaluation:5&candidate=5'))).toBeNull();
  });

  it('reads what is missing or malformed as the default, and a bad run id or filter as none yet', () => {
    expect(readCompareAddress('?baseline=abc&candidate=0&filter=worse&order=up&page=-1&search=%20%20')).toEqual({
      baseline: null,
      candidate: null,
      metric: '',
      filter: null,
      search: '',
      order: 'asc',
      page: 1,
    });
  });

  it('says why an address cannot be compared', () => {
    expect(addressProblem(readCompareAddress(''))).toBe(
      'Choose two runs to compare: the address has no valid baseline and candidate run IDs.',
    );
    expect(addressProblem(readCompareAddress('?candidate=2'))).toBe(
      'Invalid baseline run ID: the address needs ?baseline= with a run ID or evaluation:ID.',
    );
    expect(addressProblem(readCompareAddress('?baseline=1&candidate=x'))).toBe(
      'Invalid candidate run ID: the address needs &candidate= with a run ID or evaluation:ID.',
    );
    expect(addressProblem(readCompareAddress('?baseline=5&candidate=5'))).toBe(
      'The baseline and the candidate are the same run (Run 5): choose two different runs.',
    );
    expect(addressProblem(readCompareAddress('?baseline=5&candidate=6'))).toBeNull();
  });

  it('writes one canonical address, leaving the defaults out but keeping a filter once chosen', () => {
    const address = readCompareAddress('?page=1&order=asc&candidate=7&baseline=3&junk=1');
    expect(compareSearch(address)).toBe('?baseline=3&candidate=7');
    expect(compareSearch(readCompareAddress('?filter=paired&candidate=7&baseline=3'))).toBe('?baseline=3&candidate=7&filter=paired');
    expect(compareHrefOf({ ...address, metric: 'ndcg@10', filter: 'only_baseline', search: 'red sofa', order: 'desc', page: 3 })).toBe(
      '/compare?baseline=3&candidate=7&metric=ndcg%4010&filter=only_baseline&search=red+sofa&order=desc&page=3',
    );
    expect(sameAddress(address, readCompareAddress('?baseline=3&candidate=7&page=1'))).toBe(true);
    expect(sameAddress(address, { ...address, page: 2 })).toBe(false);
  });

  it('asks the API with the same parameters, without the page', () => {
    expect(comparisonParams(readCompareAddress('?baseline=3&candidate=7&metric=f1@10&filter=improvements&order=desc&page=4'))).toEqual({
      baseline: '3',
      candidate: '7',
      metric: 'f1@10',
      filter: 'improvements',
      order: 'desc',
    });
  });

  it('leads a paired row side by side and a one-run row to its result', () => {
    expect(rowHref({ baseline_result_id: 7, candidate_result_id: 9 }, 'ndcg@10')).toBe(
      '/compare/pair?baseline_result=7&candidate_result=9&metric=ndcg%4010',
    );
    expect(rowHref({ baseline_result_id: 7, candidate_result_id: null }, 'ndcg@10')).toBe('/experiment-run-result-details/7');
    expect(rowHref({ baseline_result_id: null, candidate_result_id: 9 }, 'ndcg@10')).toBe('/experiment-run-result-details/9');
  });
});

describe('how a comparison reads', () => {
  it('abbreviates metric names as the field does', () => {
    expect(
      ['ndcg@10', 'precision@5', 'recall@10', 'f1@10', 'reciprocal_rank@10', 'average_precision@10', 'ndcg@10_exp', 'dcg@10'].map(
        metricLabel,
      ),
    ).toEqual(['nDCG@10', 'P@5', 'R@10', 'F1@10', 'RR@10', 'AP@10', 'nDCG@10_exp', 'dcg@10']);
  });

  it('signs deltas to four decimals, with a true minus', () => {
    expect(formatDelta(0.021)).toBe('+0.0210');
    expect(formatDelta(-0.49)).toBe('−0.4900');
    expect(formatDelta(0)).toBe('0.0000');
    expect(formatDelta(null)).toBe('—');
    // Half-way rounds to even, as the means do.
    expect(formatDelta(-1 / 32)).toBe('−0.0312');
  });

  it('gives relative deltas as percentages, none when the baseline mean is 0', () => {
    expect(formatRelativeDelta(0.042)).toBe('+4.2%');
    expect(formatRelativeDelta(-0.125)).toBe('−12.5%');
    expect(formatRelativeDelta(0)).toBe('0.0%');
    expect(formatRelativeDelta(0.00001)).toBe('0.0%');
    expect(formatRelativeDelta(null)).toBe('—');
  });

  it('writes the 95% interval as its two signed ends', () => {
    expect(formatInterval([0.004, 0.038])).toBe('[+0.0040, +0.0380]');
    expect(formatInterval([-0.1, 0.02])).toBe('[−0.1000, +0.0200]');
    expect(formatInterval(null)).toBe('—');
  });

  it('writes p-values to three decimals, tiny ones as < 0.001, and never a significant one as 0.050', () => {
    expect(formatPValue(0.013)).toBe('0.013');
    expect(formatPValue(0.0004)).toBe('< 0.001');
    expect(formatPValue(1)).toBe('1.000');
    expect(formatPValue(0.0499)).toBe('0.0499');
    expect(formatPValue(0.04996)).toBe('0.0499');
    expect(formatPValue(0.0502)).toBe('0.050');
    expect(formatPValue(null)).toBe('—');
  });

  it('calls significant what is under 0.05', () => {
    expect([0.013, 0.0499, 0.05, 0.2, null].map(isSignificant)).toEqual([true, true, false, false, false]);
  });

  it('counts wins, ties and losses, and names the runs', () => {
    expect(formatWinsTiesLosses({ wins: 41, ties: 1070, losses: 19 })).toBe('41 / 1,070 / 19');
    expect(runName({ id: 12, number: 3, experiment_name: 'BM25' })).toBe('BM25 · Run #3');
    // A run made elsewhere has no number: its id names it.
    expect(runName({ id: 12, experiment_name: 'BM25' })).toBe('BM25 · Run 12');
  });

  it('calls a difference significant only when both tests do, red when worse and green when better, in words too', () => {
    const metric = { delta: -0.02, p_value_t: 0.01, p_value_randomization: 0.02 };
    expect(verdictOf(metric)).toBe('regression');
    expect(verdictOf({ ...metric, delta: 0.02 })).toBe('improvement');
    expect(verdictOf({ ...metric, p_value_randomization: 0.2 })).toBe('none');
    expect(verdictOf({ ...metric, p_value_randomization: null })).toBe('regression');
    expect(verdictOf({ ...metric, p_value_t: null })).toBe('none');
    expect([VERDICT_TEXT.regression, VERDICT_TEXT.improvement, VERDICT_TEXT.none]).toEqual([
      'significant regression',
      'significant improvement',
      'no significant change',
    ]);
    expect([VERDICT_TONE.regression, VERDICT_TONE.improvement, VERDICT_TONE.none]).toEqual(['danger', 'success', 'neutral']);
  });

  it('opens on changes whenever there are some, whatever the order', () => {
    const withCounts = (wins: number, losses: number) =>
      ({ metric: 'ndcg@10', metrics: [{ name: 'ndcg@10', wins, losses, ties: 30 }] }) as unknown as RunComparison;
    // Regressions first and there are some: every paired query, worst first.
    expect(openingFilter(withCounts(4, 2), 'asc')).toBe('paired');
    // No regressions: unchanged queries would come first, so the improvements.
    expect(openingFilter(withCounts(4, 0), 'asc')).toBe('improvements');
    expect(openingFilter(withCounts(0, 2), 'desc')).toBe('regressions');
    expect(openingFilter(withCounts(4, 2), 'desc')).toBe('paired');
    // Nothing changed: every paired query.
    expect(openingFilter(withCounts(0, 0), 'asc')).toBe('paired');
  });

  it('swaps baseline and candidate from page 1, the filter following the queries', () => {
    const address = readCompareAddress('?baseline=3&candidate=7&metric=ndcg@10&filter=regressions&search=sofa&order=desc&page=2');
    expect(compareSearch(swappedAddress(address))).toBe(
      '?baseline=7&candidate=3&metric=ndcg%4010&filter=improvements&search=sofa&order=desc',
    );
    expect(swappedAddress({ ...address, filter: 'only_baseline' }).filter).toBe('only_candidate');
    expect(swappedAddress({ ...address, filter: null }).filter).toBeNull();
  });

  it('says what the statistics are over and what they leave out', () => {
    expect(pairedText(130)).toBe('Over 130 paired queries');
    expect(pairedText(1)).toBe('Over 1 paired query');
    expect(unpairedText({ only_baseline: 3, only_candidate: 0 })).toBe('3 queries only in the baseline, left out of the statistics.');
    expect(unpairedText({ only_baseline: 0, only_candidate: 1 })).toBe('1 query only in the candidate, left out of the statistics.');
    expect(unpairedText({ only_baseline: 2, only_candidate: 4 })).toBe(
      '2 queries only in the baseline and 4 only in the candidate, left out of the statistics.',
    );
    expect(unpairedText({ only_baseline: 0, only_candidate: 0 })).toBe('Every query is in both runs.');
  });

  it('counts each filter’s rows from the chosen metric', () => {
    const comparison = {
      paired: 130,
      only_baseline: 3,
      only_candidate: 0,
      metric: 'precision@10',
      metrics: [
        { name: 'ndcg@10', wins: 41, ties: 70, losses: 19 },
        { name: 'precision@10', wins: 20, ties: 100, losses: 10 },
      ],
      overlap: { pairs: 140, unjudged: 10 },
    } as unknown as RunComparison;
    expect(filterCounts(comparison)).toEqual({
      paired: 130,
      regressions: 10,
      improvements: 20,
      unchanged: 100,
      only_baseline: 3,
      only_candidate: 0,
      ranked: 140,
      unjudged: 10,
    });
  });

  it('says why a page has no rows', () => {
    expect(noRowsText('regressions', '', 1)).toBe('No query got worse.');
    expect(noRowsText('only_candidate', '', 1)).toBe('No query is only in the candidate.');
    expect(noRowsText('paired', 'sofa', 1)).toBe('No query matches “sofa” here.');
    expect(noRowsText('paired', '', 3)).toBe('No queries on this page.');
  });
});

describe('the delta histogram', () => {
  const bins: DeltaBin[] = Array.from({ length: 40 }, (_, i) => ({ from: -1 + i * 0.05, to: -1 + (i + 1) * 0.05, count: 0 }));
  bins[10].count = 4; // [-0.5, -0.45)
  bins[19].count = 2; // [-0.05, 0)
  bins[20].count = 8; // [0, 0.05)
  const box = { width: 440, height: 120, left: 20, right: 20, top: 10, bottom: 10 };
  const chart = deltaHistogram(bins, 70, 'nDCG@10', box);

  it('draws one bar per bin with queries, from -1 at the left edge to 1 at the right', () => {
    expect(chart.bars).toHaveLength(3);
    // 400 px for a width of 2: 10 px per bin of 0.05, less a 1 px gap.
    expect(chart.bars[0]).toMatchObject({ x: 120, width: 9, count: 4, tone: 'regression', label: '−0.50 to −0.45: 4 queries' });
    expect(chart.bars[1]).toMatchObject({ x: 210, tone: 'regression' });
    expect(chart.bars[2]).toMatchObject({ x: 220, tone: 'improvement', label: '0.00 to 0.05: 8 queries' });
    expect(chart.zeroX).toBe(220);
  });

  it('scales heights to the fullest bin', () => {
    expect(chart.floorY).toBe(110);
    expect(chart.bars[2].y).toBe(10);
    expect(chart.bars[2].height).toBe(100);
    expect(chart.bars[0].height).toBe(50);
    expect(chart.yTicks.map((tick) => tick.label)).toEqual(['0', '2', '4', '6', '8']);
    expect(chart.xTicks.map((tick) => tick.label)).toEqual(['−1.0', '−0.5', '0.0', '0.5', '1.0']);
  });

  it('says what it shows, unchanged queries included', () => {
    expect(chart.description).toBe(
      'Histogram of the per-query nDCG@10 deltas: 14 changed queries (6 worse, 8 better) in bins of 0.05 from −1 to 1; 70 unchanged, not drawn.',
    );
    expect(
      deltaHistogram(
        bins.map((bin) => ({ ...bin, count: 0 })),
        5,
        'RR@10',
        box,
      ).description,
    ).toBe('Histogram of the per-query RR@10 deltas: no query changed; 5 unchanged, not drawn.');
    expect(binLabel({ from: 0.95, to: 1, count: 1 })).toBe('0.95 to 1.00: 1 query');
  });
});

describe('the rankings’ overlap', () => {
  it('reads and writes RBO’s persistence, the default left out and anything outside (0, 1) read as it', () => {
    expect(readCompareAddress('?baseline=3&candidate=7&rbo_p=0.5').rboP).toBe(0.5);
    for (const p of ['0', '1', '-0.2', 'abc', '0.9', ''])
      expect(readCompareAddress(`?baseline=3&candidate=7&rbo_p=${p}`).rboP).toBeUndefined();
    const address = readCompareAddress('?baseline=3&candidate=7&metric=ndcg@10&filter=paired&rbo_p=0.95');
    expect(comparisonParams(address)).toEqual({ baseline: '3', candidate: '7', metric: 'ndcg@10', filter: 'paired', rbo_p: '0.95' });
    expect(compareSearch(address)).toBe('?baseline=3&candidate=7&metric=ndcg%4010&filter=paired&rbo_p=0.95');
  });

  it('asks for the ranked and unjudged rows by RBO ext, without writing the sort in the address', () => {
    for (const filter of ['ranked', 'unjudged'] as const) {
      const address = readCompareAddress(`?baseline=3&candidate=7&filter=${filter}&order=desc`);
      expect(comparisonParams(address)).toEqual({ baseline: '3', candidate: '7', filter, order: 'desc', sort: 'rbo_ext' });
      expect(compareSearch(address)).toBe(`?baseline=3&candidate=7&filter=${filter}&order=desc`);
      expect(swappedAddress(address).filter).toBe(filter);
      expect(orderLabels(filter)).toEqual({ asc: 'Changed most first', desc: 'Most alike first' });
    }
    expect(orderLabels('paired')).toEqual({ asc: 'Regressions first', desc: 'Improvements first' });
    expect(noRowsText('unjudged', '', 1)).toBe('Every query both runs ranked is scored by both.');
  });

  it('writes the measures to three decimals, dashes on a row only one run ranked, and says what the means are over', () => {
    expect(formatOverlap(3 / 7)).toBe('0.429');
    expect(formatOverlap(null)).toBe('—');
    expect(rowOverlaps({ overlap: { overlap: 0.6, jaccard: 3 / 7, rbo_min: 0.3955, rbo_ext: 1 } }, 5)).toEqual([
      '0.600',
      '0.429',
      '0.396',
      '1.000',
    ]);
    expect(rowOverlaps({ overlap: null }, 5)).toEqual(['—', '—', '—', '—']);
    expect(overlapText(overlapSummary())).toBe(
      'Over 5 queries both runs ranked (1 of them not scored by both), their top 10; RBO at p = 0.9.',
    );
    expect(overlapText(overlapSummary({ pairs: 1, unjudged: 0, k: 5, p: 0.5 }))).toBe(
      'Over 1 query both runs ranked, their top 5; RBO at p = 0.5.',
    );
  });

  it('draws one bar per bin with queries over [0, 1], and says what it shows', () => {
    const box = { width: 320, height: 140, left: 36, right: 12, top: 8, bottom: 24 };
    const chart = overlapHistogram(overlapSummary().rbo_ext_bins, box);
    expect(chart.bars.map((bar) => bar.label)).toEqual(['RBO 0.30 to 0.40: 1 query', 'RBO 0.90 to 1.00: 4 queries']);
    expect(chart.bars[0].x).toBeCloseTo(36 + 0.3 * 272, 9);
    expect(chart.bars[1].x + chart.bars[1].width).toBeCloseTo(320 - 12 - 1, 9);
    expect(chart.bars[1].height).toBeCloseTo(4 * chart.bars[0].height, 9);
    expect(chart.description).toBe(
      "Histogram of the rankings' RBO ext: 5 queries in bins of 0.1 from 0 (changed most) to 1 (alike); 1 below 0.5.",
    );
    const empty = overlapHistogram(overlapSummary({ rbo_ext_bins: [] }).rbo_ext_bins, box);
    expect([empty.bars, empty.description]).toEqual([[], "Histogram of the rankings' RBO ext: no query both runs ranked."]);
  });
});
