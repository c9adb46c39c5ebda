import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { SegmentDeltas } from '../../../src/domain/compare/segment-deltas';
import { segmentVerdict } from '../../../src/domain/compare/segment-deltas';
import { compareSegmentHref, readCompareAddress } from '../../../src/domain/compare/compare-address';
import { ComparePage } from '../../../src/views/compare/ComparePage';
import { fakeDeps } from '../helpers/fake-deps';
import { comparisonAnswer } from '../helpers/comparison-answer';
import { renderWithLogic } from '../helpers/render-console';

// The compare page by segment: a segment in the address is asked of the server and shown as a chip that leads
// back to every query; the delta per value of a chosen key, with its Holm-adjusted p and a verdict in words,
// each value leading to the comparison within it.

afterEach(cleanup);

const DELTAS: SegmentDeltas = {
  baseline: 1,
  candidate: 2,
  metric: 'ndcg@10',
  key: 'query_class',
  few_queries: 10,
  segments: [
    {
      value: 'Sofas',
      paired: 40,
      only_baseline: 0,
      only_candidate: 0,
      baseline_mean: 0.6,
      candidate_mean: 0.4,
      delta: -0.2,
      ci95: [-0.3, -0.1],
      p_value_t: 0.0004,
      p_value_randomization: 0.0002,
      holm_p_value_t: 0.0008,
      holm_p_value_randomization: 0.0004,
      significant: true,
      few: false,
    },
    {
      value: 'Lamps',
      paired: 3,
      only_baseline: 0,
      only_candidate: 1,
      baseline_mean: 0.5,
      candidate_mean: 0.55,
      delta: 0.05,
      ci95: null,
      p_value_t: null,
      p_value_randomization: 0.5,
      holm_p_value_t: null,
      holm_p_value_randomization: 0.5,
      significant: false,
      few: true,
    },
  ],
};

describe('the compare page by segment', () => {
  it('asks for the segment in the address, shows it as a chip leading back to every query', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/compare?baseline=1&candidate=2&segment=query_class:Sofas', <ComparePage />);
    expect(services.last('compareRuns').args[0]).toMatchObject({ baseline: '1', candidate: '2', segment: 'query_class:Sofas' });
    await services.settle('compareRuns', { output: comparisonAnswer() });
    const chip = await screen.findByLabelText('Active segment filter');
    expect(chip.textContent).toContain('Segment query_class: Sofas');
    expect(within(chip).getByRole('link', { name: 'Clear the segment filter' }).getAttribute('href')).toBe(
      '/compare?baseline=1&candidate=2&metric=ndcg%4010&filter=paired',
    );
  });

  it("answers the chosen key's delta per value with the Holm-adjusted p and a verdict in words", async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/compare?baseline=1&candidate=2', <ComparePage />);
    await services.settle('compareRuns', { output: comparisonAnswer() });
    expect(screen.queryByLabelText('Active segment filter')).toBeNull();
    expect(services.last('segmentKeys').args).toEqual([1]);
    await services.settle('segmentKeys', { output: [{ key: 'query_class', values: 2, results: 43, groupable: true }] });
    fireEvent.change(await screen.findByRole('combobox', { name: 'Segment by' }), { target: { value: 'query_class' } });
    expect(services.last('segmentDeltas').args).toEqual([{ baseline: 1, candidate: 2, metric: 'ndcg@10', key: 'query_class' }]);
    await services.settle('segmentDeltas', { output: DELTAS });
    const table = await screen.findByRole('table', { name: 'nDCG@10 delta by query_class' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.children[0].textContent)).toEqual(['Sofas', 'Lamps']);
    expect(rows.map((row) => row.children[8].textContent)).toEqual(['Significantly worse', 'No significant change']);
    expect(rows.map((row) => row.children[7].textContent)).toEqual(['< 0.001', '0.500']);
    expect(rows[1].children[1].textContent).toBe('3 · few queries');
    expect(within(rows[0]).getByRole('link').getAttribute('href')).toBe(
      '/compare?baseline=1&candidate=2&metric=ndcg%4010&filter=paired&segment=query_class%3ASofas',
    );
  });

  it('keeps the chosen key when another metric is chosen, and asks its deltas of that metric', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/compare?baseline=1&candidate=2', <ComparePage />);
    const precision = { ...comparisonAnswer().comparison.metrics[0], name: 'precision@10' };
    await services.settle('compareRuns', { output: comparisonAnswer({ metrics: [comparisonAnswer().comparison.metrics[0], precision] }) });
    await services.settle('segmentKeys', { output: [{ key: 'query_class', values: 2, results: 43, groupable: true }] });
    fireEvent.change(await screen.findByRole('combobox', { name: 'Segment by' }), { target: { value: 'query_class' } });
    await services.settle('segmentDeltas', { output: DELTAS });
    await screen.findByRole('table', { name: 'nDCG@10 delta by query_class' });

    fireEvent.change(screen.getByRole('combobox', { name: 'Metric' }), { target: { value: 'precision@10' } });
    expect(services.last('compareRuns').args[0]).toMatchObject({ metric: 'precision@10' });
    await services.settle('compareRuns', {
      output: comparisonAnswer({ metric: 'precision@10', metrics: [comparisonAnswer().comparison.metrics[0], precision] }),
    });
    // The same key, its deltas asked again of the new metric; the keys are not asked again.
    expect((screen.getByRole('combobox', { name: 'Segment by' }) as HTMLSelectElement).value).toBe('query_class');
    expect(services.last('segmentDeltas').args).toEqual([{ baseline: 1, candidate: 2, metric: 'precision@10', key: 'query_class' }]);
    expect(services.calls('segmentDeltas')).toBe(2);
    expect(services.calls('segmentKeys')).toBe(1);
    await services.settle('segmentDeltas', { output: { ...DELTAS, metric: 'precision@10' } });
    expect(await screen.findByRole('table', { name: 'P@10 delta by query_class' })).toBeTruthy();
  });
});

describe('segment helpers', () => {
  it('keep the segment in the compare address and drop it to clear', () => {
    const address = readCompareAddress('?baseline=1&candidate=2&segment=query_class:Sofas&page=3');
    expect(address.segment).toBe('query_class:Sofas');
    expect(compareSegmentHref(address, undefined)).toBe('/compare?baseline=1&candidate=2');
    expect(compareSegmentHref(address, 'locale:de')).toBe('/compare?baseline=1&candidate=2&segment=locale%3Ade');
  });

  it('say which way a significant segment moved', () => {
    expect(segmentVerdict({ significant: true, delta: 0.1 })).toBe('Significantly better');
    expect(segmentVerdict({ significant: true, delta: -0.1 })).toBe('Significantly worse');
    expect(segmentVerdict({ significant: false, delta: -0.3 })).toBe('No significant change');
  });
});
