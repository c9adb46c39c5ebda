/**
 * Two finished runs compared query by query, as a page of rows with the statistics or as every
 * matching row in CSV. One reader per app keeps the last comparisons computed (run-comparison.ts).
 */
import type { Queryable } from '../db/database';
import { HttpError } from '../errors';
import { csvCell } from '../import/spreadsheet-cells';
import { DEFAULT_RBO_P, type ComparisonCsvQuery, type ComparisonSegmentsQuery, type RunComparison } from '../schemas/comparisons';
import { parseSegment } from '../db/segment-filter';
import { comparisonInSegment } from './segment-pairs';
import { segmentDeltas } from './segment-deltas';
import { comparisonRows, matchingRows, shownResultIds, type RowsQuery } from './comparison-rows';
import { comparedRuns, publicRun } from './compared-runs';
import { rankingRun } from './ranking-refs';
import { deltaHistogram } from './paired-queries';
import { overlapSummary, pairOverlaps } from './pair-overlaps';
import { queryTexts, type ComparisonCache } from './run-comparison';

const CSV_ROWS_PER_CHUNK = 1000;

/** `comparisonOf`: the app's kept comparisons, shared with the judge queue's regressions. */
export function createComparisonReader(db: Queryable, comparisonOf: ComparisonCache) {
  /** The checked runs, their kept comparison and the rows query with the metric resolved. */
  async function open(query: ComparisonCsvQuery) {
    const { baseline, candidate, metrics } = await comparedRuns(
      db,
      await rankingRun(db, query.baseline),
      await rankingRun(db, query.candidate),
    );
    const metric = query.metric ?? metrics[0];
    if (!metrics.includes(metric)) {
      throw new HttpError(400, `querystring.metric must be one of the metrics both runs have (${metrics.join(', ')}), got "${metric}"`);
    }
    const whole = await comparisonOf(baseline, candidate, metrics, { overlap: true });
    const runs = { baseline: baseline.id, candidate: candidate.id };
    const data = query.segment === undefined ? whole : await comparisonInSegment(db, whole, runs, parseSegment(query.segment));
    const rows: RowsQuery = {
      metric: metrics.indexOf(metric),
      filter: query.filter ?? 'paired',
      search: query.search,
      order: query.order ?? 'asc',
      sort: query.sort ?? 'delta',
    };
    return { baseline, candidate, metric, whole, runs, data, rows };
  }

  /** `open`, with the overlap measures of the two rankings at the shallower run's k and `rbo_p`. */
  async function openWithOverlaps(query: ComparisonCsvQuery) {
    const opened = await open(query);
    const k = Math.min(opened.baseline.k, opened.candidate.k);
    const overlaps = await pairOverlaps(opened.data.paired, k, query.rbo_p ?? DEFAULT_RBO_P);
    return { ...opened, overlaps, rows: { ...opened.rows, overlaps } };
  }

  /** The metric's delta in each segment of a metadata key, with its tests Holm-corrected across them. */
  async function comparisonSegments(query: ComparisonSegmentsQuery) {
    const { metric, whole, runs } = await open(query);
    return { ...runs, metric, ...(await segmentDeltas(db, whole, runs, query.key, metric)) };
  }

  /** The statistics, the histogram of the metric's deltas and one page of the matching rows, with how many match. */
  async function comparisonPage(
    query: ComparisonCsvQuery,
    [limit, offset]: number[],
  ): Promise<{ count: number; comparison: RunComparison }> {
    const { baseline, candidate, metric, data, rows, overlaps } = await openWithOverlaps(query);
    const matching = matchingRows(data.paired, rows);
    const page = matching.subarray(offset, offset + limit);
    const queries = await queryTexts(db, shownResultIds(data.paired, rows, page));
    const comparison = {
      baseline: publicRun(baseline),
      candidate: publicRun(candidate),
      paired: data.paired.pairs.baseline.length,
      only_baseline: data.paired.onlyBaseline.length,
      only_candidate: data.paired.onlyCandidate.length,
      metric,
      metrics: data.metrics,
      histogram: deltaHistogram(data.paired.deltas[rows.metric]),
      overlap: overlapSummary(data.paired, overlaps),
      results: comparisonRows(data.paired, rows, page, queries),
    };
    return { count: matching.length, comparison };
  }

  /** Every matching row as CSV lines (read a chunk at a time), and the file's name. */
  async function comparisonCsv(query: ComparisonCsvQuery): Promise<{ filename: string; lines: AsyncIterable<string> }> {
    const { baseline, candidate, metric, data, rows, overlaps } = await openWithOverlaps(query);
    const matching = matchingRows(data.paired, rows);
    async function* lines() {
      // The score columns name their metric, and the overlap columns their k, so a file read away from its name still
      // says what it holds.
      const scores = ['baseline', 'candidate', 'delta'].map((column) => `${column}_${metric}`);
      const measures = [`overlap@${overlaps.k}`, `jaccard@${overlaps.k}`, 'rbo_min', 'rbo_ext'];
      yield `\uFEFF${['query', 'baseline_result_id', 'candidate_result_id', ...scores, ...measures].join(',')}\r\n`;
      for (let start = 0; start < matching.length; start += CSV_ROWS_PER_CHUNK) {
        const chunk = matching.subarray(start, start + CSV_ROWS_PER_CHUNK);
        const queries = await queryTexts(db, shownResultIds(data.paired, rows, chunk));
        yield comparisonRows(data.paired, rows, chunk, queries)
          .map((row) => {
            // Numbers as numbers: only the query is text a spreadsheet could take for a formula.
            const { overlap } = row;
            const numbers = [row.baseline_result_id, row.candidate_result_id, row.baseline, row.candidate, row.delta];
            if (overlap) numbers.push(overlap.overlap, overlap.jaccard, overlap.rbo_min, overlap.rbo_ext);
            else numbers.push(null, null, null, null);
            return `${[csvCell(row.query), ...numbers.map((cell) => (cell === null ? '' : String(cell)))].join(',')}\r\n`;
          })
          .join('');
      }
    }
    return { filename: comparisonFileName(baseline.id, candidate.id, metric, query.segment), lines: lines() };
  }

  return { comparisonPage, comparisonCsv, comparisonSegments };
}

/** A name's text as a part of a file name: letters, digits and '_' kept, any run of the rest one '-'. */
const fileNamePart = (text: string): string =>
  text
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}_]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');

/**
 * `run-12-vs-run-10-ndcg-10.csv`, and within a segment `run-12-vs-run-10-ndcg-10-query_class-head.csv`, so that
 * two files of one comparison cut by different segments do not take each other's name.
 */
function comparisonFileName(baseline: number, candidate: number, metric: string, segment: string | undefined): string {
  const parts = [`run-${baseline}-vs-run-${candidate}`, fileNamePart(metric)];
  if (segment !== undefined) {
    const { key, value } = parseSegment(segment);
    parts.push(fileNamePart(key), fileNamePart(value));
  }
  return `${parts.filter(Boolean).join('-')}.csv`;
}
