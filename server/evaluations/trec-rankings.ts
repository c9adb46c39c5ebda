/**
 * A TREC run as a ranking file: `qid Q0 docid rank score tag`, white space separated, at least six fields
 * (later ones ignored), read as trec_eval reads it (trec-lines.ts): iter, rank and tag are ignored, and a
 * query's ranking is its docids by score descending, then docid descending. Read as bytes: ten million
 * lines cost no string per field. The qid is the query's text unless a queries file maps it.
 */
import { ByteLines, isSkipped, parseScore, sameBytes, splitFields } from '../evaluation/trec-lines';
import { queryKey } from '../evaluation/query-key';
import { productIdProblem, queryProblem, type TrecQuery } from '../golden-sets/judgement-rows';
import type { UploadReader } from '../import/upload-reader';
import { MAX_JUDGED_PRODUCT_ID_LENGTH, MAX_RECORD_CHARS } from '../schemas/limits';
import { RankingCollector, type RankingFile, type ResultPlaces } from './ranking-collector';

const PLACES: ResultPlaces = {
  wording: { file: 'run file', unit: 'line', cell: 'field' },
  step: 1,
  idField: () => 'docid',
  scoreField: () => 'score',
  rankField: 'rank',
  noScore: 'has no score, but other lines of the query', // never told: every line has a score
};

/** `queries` maps qids to query texts (a TREC queries file); without it the qid is the query's text. */
export async function readTrecRankings(
  upload: UploadReader,
  refused: string,
  queries?: ReadonlyMap<string, TrecQuery>,
): Promise<RankingFile> {
  const collector = new RankingCollector({ ...PLACES, wording: { ...PLACES.wording, refused } }, false);
  const starts = new Int32Array(6);
  const ends = new Int32Array(6);
  // The qid of the lines being read: a qid's lines usually follow each other, so most lines compare bytes only.
  let qidBytes = Buffer.alloc(0);
  let qidKnown = false;

  const onLine = (buffer: Buffer, lineStart: number, end: number, line: number) => {
    let start = lineStart;
    if (line === 1 && end - start >= 3 && buffer[start] === 0xef && buffer[start + 1] === 0xbb && buffer[start + 2] === 0xbf) start += 3;
    if (isSkipped(buffer, start, end)) return collector.breakBlock();
    const fields = splitFields(buffer, start, end, starts, ends);
    // Lines ended by a bare CR (old Mac files) would read as one line whose first six fields count.
    const cr = fields > 6 ? buffer.indexOf(13, start) : -1;
    const bareCr = cr !== -1 && cr < end - 1;
    if (fields < 6 || bareCr) {
      const problem = bareCr
        ? 'has a line break (CR) within it: save the file with LF or CRLF line ends'
        : `expected 6 fields "qid Q0 docid rank score tag", found ${fields}`;
      collector.problem(line, null, problem);
      return collector.breakBlock();
    }
    if (!sameBytes(qidBytes, buffer, starts[0], ends[0])) {
      qidBytes = Buffer.from(buffer.subarray(starts[0], ends[0]));
      qidKnown = setQuery(collector, qidBytes.toString('utf8'), line, queries);
    }
    // A qid's problem is told once, at its first line; its other lines are not read.
    if (!qidKnown) return;
    const before = collector.problemCount;
    const score = parseScore(buffer, starts[4], ends[4]);
    if (!Number.isFinite(score))
      collector.problem(line, 'score', `must be a number, not "${buffer.toString('utf8', starts[4], Math.min(ends[4], starts[4] + 40))}"`);
    const idProblem = docidProblem(buffer, starts[2], ends[2]);
    if (idProblem) collector.problem(line, 'docid', idProblem);
    if (collector.problemCount > before) return collector.breakBlock();
    collector.add(line, buffer, score, 0, starts[2], ends[2]);
  };

  const lines = new ByteLines(onLine);
  for await (const chunk of upload) {
    lines.push(chunk);
    if (lines.unfinishedLength > MAX_RECORD_CHARS) {
      collector.problem(lines.lineCount + 1, null, `is longer than ${MAX_RECORD_CHARS.toLocaleString('en')} characters`);
      throw collector.rejection();
    }
  }
  lines.end();
  return collector.finish();
}

/** Makes the qid's query the current one; false (with the problem told) when it has none. */
function setQuery(collector: RankingCollector, qid: string, line: number, queries?: ReadonlyMap<string, TrecQuery>): boolean {
  if (queries !== undefined) {
    const query = queries.get(qid);
    if (query === undefined) {
      collector.problem(line, 'qid', `query id ${qid.slice(0, 60)} is not in the queries file`);
      return false;
    }
    collector.setQuery(query.query, query.queryKey);
    return true;
  }
  const problem = queryProblem(qid);
  if (problem) {
    collector.problem(line, 'qid', problem);
    return false;
  }
  collector.setQuery(qid, queryKey(qid));
  return true;
}

/** Whether `bytes` are those of `buffer` from `start` to `end`; a loop beats Buffer.compare's call on a few bytes. */
/** productIdProblem, without decoding the usual short ASCII id (white space cannot be in a field). */
function docidProblem(buffer: Buffer, start: number, end: number): string | undefined {
  let plain = end - start <= MAX_JUDGED_PRODUCT_ID_LENGTH;
  for (let i = start; plain && i < end; i++) {
    const c = buffer[i];
    if (c === 0 || c >= 0x80) plain = false;
  }
  return plain ? undefined : productIdProblem(buffer.toString('utf8', start, end));
}
