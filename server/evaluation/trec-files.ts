/**
 * TREC qrels and run files, read as usnistgov/trec_eval reads them (get_qrels.c, get_trec_results.c,
 * form_res_rels.c), streaming (trec-lines.ts) so that files of tens of millions of lines fit in bounded memory.
 * - qrels: `qid iter docid grade`, whitespace separated, exactly four fields; iter is ignored.
 * - run: `qid iter docid rank score tag`, at least six fields (later ones ignored); iter and rank
 *   are ignored: a query's ranking is its lines sorted by score descending, ties broken by docid
 *   descending (strcmp order, form_res_rels.c comp_sim_docno).
 * Stricter than trec_eval, with the file and line named: a grade must be an integer and a score a
 * number (trec_eval's atol/atof would read garbage as 0).
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { ShareFilter, type QueryShare } from './query-shares';
import { SeenIds } from './seen-ids';
import { forEachLine, isSkipped, parseGrade, parseScore, sameBytes, splitFields, TrecFormatError } from './trec-lines';

/** Judgements by query id, then grades by docid. */
export type Qrels = Map<string, Map<string, number>>;

/** With a share, only that share's queries: the lines of others are neither read nor checked. */
export function readQrels(file: string, share?: QueryShare): Qrels {
  const qrels: Qrels = new Map();
  const filter = share && new ShareFilter(share);
  const starts = new Int32Array(4);
  const ends = new Int32Array(4);
  let currentQid = Buffer.alloc(0);
  let current: Map<string, number> | undefined;
  forEachLine(file, (buffer, start, end, lineNumber) => {
    if (filter?.owns(buffer, start, end) === false || isSkipped(buffer, start, end)) return;
    const fields = splitFields(buffer, start, end, starts, ends);
    if (fields !== 4) throw new TrecFormatError(file, lineNumber, `expected 4 fields "qid iter docid grade", found ${fields}`);
    const grade = parseGrade(buffer, starts[3], ends[3]);
    if (Number.isNaN(grade))
      throw new TrecFormatError(file, lineNumber, `grade "${buffer.toString('latin1', starts[3], ends[3])}" is not an integer`);
    if (current === undefined || !sameBytes(currentQid, buffer, starts[0], ends[0])) {
      currentQid = Buffer.from(buffer.subarray(starts[0], ends[0]));
      const qid = currentQid.toString('latin1');
      current = qrels.get(qid);
      if (current === undefined) qrels.set(qid, (current = new Map()));
    }
    const docid = buffer.toString('latin1', starts[2], ends[2]);
    const judged = current.size;
    current.set(docid, grade);
    if (current.size === judged)
      throw new TrecFormatError(file, lineNumber, `document ${docid} is judged twice for query ${currentQid.toString('latin1')}`);
  });
  return qrels;
}

/** trec_eval's run order as a comparator of positions: score descending, then docid descending (strcmp). */
function trecComparator(docids: readonly string[], scores: ArrayLike<number>) {
  return (a: number, b: number) => scores[b] - scores[a] || (docids[a] < docids[b] ? 1 : docids[a] > docids[b] ? -1 : 0);
}

/** trec_eval's run order: the positions of the docids, score descending, then docid descending. */
export function trecOrder(docids: readonly string[], scores: ArrayLike<number>): number[] {
  return Array.from({ length: docids.length }, (_, i) => i).sort(trecComparator(docids, scores));
}

/** The docids in trec_eval's order: the same array when it already is, as most runs are. */
function inTrecOrder(docids: string[], scores: ArrayLike<number>): string[] {
  const compare = trecComparator(docids, scores);
  for (let i = 1; i < docids.length; i++) {
    if (compare(i - 1, i) > 0) return trecOrder(docids, scores).map((j) => docids[j]);
  }
  return docids;
}

export interface RunSummary {
  /** The tag of the last line, as trec_eval reports it. */
  runId: string;
  lines: number;
  queries: number;
}

/**
 * Streams a run file, calling onQuery with each query's ranking in trec_eval's order. A query
 * whose lines are not contiguous is read again once the first pass ends and reported again with
 * all its lines: the last report for a query id is the one that counts. With a share, only that share's
 * queries are read, as if the file held no other lines.
 */
export function forEachRunQuery(
  file: string,
  onQuery: (qid: string, ranking: readonly string[]) => void,
  wanted: (qid: string) => boolean = () => true,
  share?: QueryShare,
): RunSummary {
  const filter = share && new ShareFilter(share);
  const starts = new Int32Array(6);
  const ends = new Int32Array(6);
  const finished = new Set<string>();
  const split = new Set<string>();
  let lines = 0;
  let qid: string | undefined;
  let qidBytes = Buffer.alloc(0);
  let skip = false;
  let docids: string[] = [];
  let scores = new Float64Array(1024);
  const seen = new SeenIds();

  const flush = () => {
    if (qid === undefined) return;
    finished.add(qid);
    if (!skip) onQuery(qid, inTrecOrder(docids, scores));
    docids = [];
    seen.clear();
  };
  forEachLine(
    file,
    (buffer, start, end, lineNumber) => {
      if (filter?.owns(buffer, start, end) === false || isSkipped(buffer, start, end)) return;
      const fields = splitFields(buffer, start, end, starts, ends, true);
      if (fields < 6) throw new TrecFormatError(file, lineNumber, `expected 6 fields "qid iter docid rank score tag", found ${fields}`);
      lines++;
      if (qid === undefined || !sameBytes(qidBytes, buffer, starts[0], ends[0])) {
        flush();
        qid = buffer.toString('latin1', starts[0], ends[0]);
        qidBytes = Buffer.from(buffer.subarray(starts[0], ends[0]));
        if (finished.has(qid)) split.add(qid);
        skip = split.has(qid) || !wanted(qid);
      }
      if (skip) return;
      const score = parseScore(buffer, starts[4], ends[4]);
      if (Number.isNaN(score))
        throw new TrecFormatError(file, lineNumber, `score "${buffer.toString('latin1', starts[4], ends[4])}" is not a number`);
      const docid = buffer.toString('latin1', starts[2], ends[2]);
      if (!seen.add(docid, buffer, starts[2], ends[2]))
        throw new TrecFormatError(file, lineNumber, `document ${docid} is retrieved twice for query ${qid}`);
      if (docids.length === scores.length) {
        const bigger = new Float64Array(scores.length * 2);
        bigger.set(scores);
        scores = bigger;
      }
      scores[docids.length] = score;
      docids.push(docid);
    },
    1 << 20,
  );
  flush();
  const runId = lastRunTag(file);
  if (split.size > 0) readSplitQueries(file, new Set([...split].filter(wanted)), onQuery, filter);
  return { runId, lines, queries: finished.size };
}

/** The tag of the file's last content line, read from its end. */
export function lastRunTag(file: string): string {
  const starts = new Int32Array(6);
  const ends = new Int32Array(6);
  let tag = '';
  // Only the last 64 KiB: the last content line is there unless lines are absurdly long.
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const length = Math.min(size, 1 << 16);
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, size - length);
    let lineEnd = length;
    while (lineEnd > 0) {
      const lineStart = buffer.lastIndexOf(10, lineEnd - 1) + 1;
      if (!isSkipped(buffer, lineStart, lineEnd) && splitFields(buffer, lineStart, lineEnd, starts, ends) >= 6) {
        tag = buffer.toString('latin1', starts[5], ends[5]);
        break;
      }
      lineEnd = lineStart - 1;
    }
  } finally {
    closeSync(fd);
  }
  return tag;
}

function readSplitQueries(
  file: string,
  split: ReadonlySet<string>,
  onQuery: (qid: string, ranking: readonly string[]) => void,
  filter: ShareFilter | undefined,
): void {
  const starts = new Int32Array(6);
  const ends = new Int32Array(6);
  const byQuery = new Map<string, { docids: string[]; scores: number[]; lines: number[] }>();
  forEachLine(file, (buffer, start, end, lineNumber) => {
    if (filter?.owns(buffer, start, end) === false || isSkipped(buffer, start, end)) return;
    splitFields(buffer, start, end, starts, ends);
    const qid = buffer.toString('latin1', starts[0], ends[0]);
    if (!split.has(qid)) return;
    let entry = byQuery.get(qid);
    if (entry === undefined) byQuery.set(qid, (entry = { docids: [], scores: [], lines: [] }));
    entry.docids.push(buffer.toString('latin1', starts[2], ends[2]));
    entry.scores.push(parseScore(buffer, starts[4], ends[4]));
    entry.lines.push(lineNumber);
  });
  for (const [qid, { docids, scores, lines }] of byQuery) {
    const seen = new Map<string, number>();
    docids.forEach((docid, i) => {
      if (seen.has(docid)) throw new TrecFormatError(file, lines[i], `document ${docid} is retrieved twice for query ${qid}`);
      seen.set(docid, i);
    });
    onQuery(qid, inTrecOrder(docids, scores));
  }
}
