/**
 * Streams an uploaded golden set into the database in one transaction: the golden set row, then its
 * judgements by chunked COPY, then the same grades as its import rater's ratings. Any problem rolls everything back; up to MAX_PROBLEMS are reported.
 */
import type { Readable } from 'node:stream';
import type { Queryable } from '../db/database';
import { copyLine } from '../import/copy-text';
import { CsvReader, CsvSyntaxError } from '../import/csv-reader';
import { rejection, stopWhenFull, syntaxProblem, type FileWording } from '../import/import-problems';
import { LineSplitter } from '../import/text-lines';
import { readUpload } from '../import/upload-reader';
import { MAX_RECORD_CHARS } from '../schemas/limits';
import { storeQueryCount } from './golden-set-records';
import { rateAsImport } from './raters';
import {
  DuplicateFinder,
  readCsvHeader,
  readCsvJudgement,
  readQrelsLine,
  readQueriesLine,
  type Judgement,
  type JudgementProblem,
  type TrecQuery,
} from './judgement-rows';

const CHUNK_ROWS = 5000;
const JUDGEMENT_COLUMNS = ['golden_set_id', 'query', 'query_key', 'product_id', 'grade'] as const;
const WORDING: Record<'csv' | 'trec' | 'queries', FileWording> = {
  csv: { file: 'CSV file', unit: 'row' },
  trec: { file: 'qrels file', unit: 'line' },
  queries: { file: 'queries file', unit: 'line' },
};

/** Lines of a text file, a chunk at a time: LF, CRLF or CR; a leading BOM dropped. */
function linesOf(source: Readable, onLines: (lines: string[]) => Promise<void> | void): Promise<void> {
  return readUpload(source, async (upload) => {
    const splitter = new LineSplitter();
    for await (const chunk of upload) {
      const lines = splitter.push(chunk);
      if (splitter.unfinishedLength > MAX_RECORD_CHARS) throw new Error(`A line is longer than ${MAX_RECORD_CHARS} characters`);
      await onLines(lines);
    }
    await onLines(splitter.end());
  });
}

/** Reads a TREC queries file (`qid<TAB>query` lines) into memory; rejects it when it has problems. */
export async function readQueriesFile(source: Readable): Promise<Map<string, TrecQuery>> {
  const queries = new Map<string, TrecQuery>();
  const problems: JudgementProblem[] = [];
  let row = 0;
  await linesOf(source, (lines) => {
    for (const line of lines) {
      readQueriesLine(line, ++row, queries, problems);
      stopWhenFull(problems, WORDING.queries);
    }
  });
  if (problems.length > 0) throw rejection(problems, WORDING.queries);
  return queries;
}

export interface NewGoldenSet {
  name: string;
  description: string;
  market: string;
  /** Set at upload: a grade above max_grade is a row's problem. Else 0 to the file's highest grade, at least 3. */
  scale?: { max_grade: number; labels: string[] };
}

export type JudgementSource =
  { format: 'csv'; file: Readable } | { format: 'trec'; file: Readable; queries: ReadonlyMap<string, TrecQuery> };

/** Creates the golden set and its judgements in `tx`; returns the new id. */
export async function importGoldenSet(tx: Queryable, set: NewGoldenSet, source: JudgementSource): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO golden_sets (name, description, market, max_grade, grade_labels)
     VALUES ($1, $2, $3, coalesce($4, 3), coalesce($5::text[], ARRAY['Poor', 'Fair', 'Good', 'Perfect'])) RETURNING id`,
    [set.name, set.description, set.market, set.scale?.max_grade ?? null, set.scale?.labels ?? null],
  );
  const id = rows[0].id;
  const writer = new JudgementWriter(tx, id);
  const problems: JudgementProblem[] = [];
  const wording = WORDING[source.format];
  const duplicates = new DuplicateFinder();
  const accept = async (judgement: Judgement | null, duplicateColumn: string | null) => {
    if (judgement !== null && set.scale && judgement.grade > set.scale.max_grade) {
      const column = source.format === 'csv' ? 'relevance' : 'grade';
      problems.push({
        row: judgement.row,
        column,
        problem: `must be at most ${set.scale.max_grade}, the scale's highest grade`,
        file: 'file',
      });
      judgement = null;
    }
    if (judgement !== null && duplicates.check(judgement, problems, duplicateColumn) && problems.length === 0) {
      await writer.add(judgement);
    }
    stopWhenFull(problems, wording);
  };

  if (source.format === 'csv') {
    const csv = new CsvReader(MAX_RECORD_CHARS);
    let layout: ReturnType<typeof readCsvHeader>['layout'] | undefined;
    let row = 0;
    const handle = async (records: string[][]) => {
      for (const fields of records) {
        row++;
        if (layout === undefined) {
          const header = readCsvHeader(fields);
          if (header.problems.length > 0) throw rejection(header.problems, wording);
          layout = header.layout;
          continue;
        }
        await accept(readCsvJudgement(layout, fields, row, problems), null);
      }
    };
    try {
      await readUpload(source.file, async (upload) => {
        for await (const chunk of upload) await handle(csv.push(chunk));
        await handle(csv.end());
      });
    } catch (error) {
      if (error instanceof CsvSyntaxError) throw rejection([...problems, { ...syntaxProblem(error), file: 'file' as const }], wording);
      throw error;
    }
    if (layout === undefined) {
      const noHeader: JudgementProblem = {
        row: 1,
        column: null,
        problem: 'no header row: the first row must be "query,product_id,relevance"',
        file: 'file',
      };
      throw rejection([noHeader], wording);
    }
  } else {
    let row = 0;
    const queries = source.queries;
    await linesOf(source.file, async (lines) => {
      for (const line of lines) await accept(readQrelsLine(line, ++row, queries, problems), 'docid');
    });
  }
  if (problems.length > 0) throw rejection(problems, wording);
  await writer.flush();
  await rateAsImport(tx, id, set.name);
  await storeQueryCount(tx, id);
  if (!set.scale) {
    // No scale given: 0 to the highest grade the file holds, at least the default 0 to 3.
    await tx.query(
      `UPDATE golden_sets SET max_grade = greatest(3, (SELECT max(grade::int) FROM jsonb_object_keys(grade_counts) AS grade)) WHERE id = $1`,
      [id],
    );
  }
  return id;
}

/** COPYs judgements into the golden set, CHUNK_ROWS at a time. */
class JudgementWriter {
  private lines: string[] = [];
  private readonly goldenSetId: string;

  constructor(
    private readonly tx: Queryable,
    goldenSetId: number,
  ) {
    this.goldenSetId = String(goldenSetId);
  }

  async add(j: Judgement): Promise<void> {
    this.lines.push(copyLine([this.goldenSetId, j.query, j.queryKey, j.productId, String(j.grade)]));
    if (this.lines.length >= CHUNK_ROWS) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.lines.length === 0) return;
    const text = this.lines.join('');
    this.lines = [];
    await this.tx.copyCsv('golden_set_judgements', JUDGEMENT_COLUMNS, text);
  }
}
