/**
 * Ranking files: a ranking per query made elsewhere (an offline re-ranker, a notebook, a vendor export),
 * uploaded to be scored against a golden set. Three formats: a TREC run, a CSV and JSON Lines (see
 * trec-rankings.ts, csv-rankings.ts, jsonl-rankings.ts). The whole file is read and checked first: any
 * problem refuses it with the ImportRejectedError every upload raises (each problem naming its line or
 * row and field, at most MAX_PROBLEMS); only a file without problems gives its rankings, query by query,
 * so that the caller can store them in one go.
 */
import type { Readable } from 'node:stream';
import type { TrecQuery } from '../golden-sets/judgement-rows';
import { ImportRejectedError } from '../import/import-problems';
import { readUpload } from '../import/upload-reader';
import { readCsvRankings } from './csv-rankings';
import { readJsonlRankings } from './jsonl-rankings';
import type { RankingFile } from './ranking-collector';
import { readTrecRankings } from './trec-rankings';

export type { QueryRanking, RankingFile } from './ranking-collector';

export const RANKING_FORMATS = ['trec', 'csv', 'jsonl'] as const;
export type RankingFormat = (typeof RANKING_FORMATS)[number];

const BY_EXTENSION: Record<string, RankingFormat> = {
  trec: 'trec',
  run: 'trec',
  txt: 'trec',
  csv: 'csv',
  jsonl: 'jsonl',
  ndjson: 'jsonl',
};

/** The format chosen, else the one the file name's extension tells; a clear refusal when neither does. */
export function rankingFormat(fileName: string | undefined, chosen?: RankingFormat): RankingFormat {
  if (chosen !== undefined) return chosen;
  const extension = /\.([^./\\]+)$/.exec(fileName ?? '')?.[1].toLowerCase();
  const format = extension === undefined ? undefined : BY_EXTENSION[extension];
  if (format !== undefined) return format;
  const named = fileName ? `from its name "${fileName.slice(0, 100)}"` : 'as it has no name';
  throw new ImportRejectedError(
    `Cannot tell the ranking file's format ${named}: choose the format (trec, csv or jsonl), or name the file .trec, .run or .txt (TREC run), .csv, or .jsonl or .ndjson (JSON Lines)`,
    [],
  );
}

export interface RankingFileOptions {
  format: RankingFormat;
  /** TREC only: query texts by qid (readQueriesFile); every qid of the run must be there. Without it a qid is the query's text. */
  queries?: ReadonlyMap<string, TrecQuery>;
  /** How a refusal begins: 'Nothing was imported' unless told. */
  refused?: string;
}

/**
 * Reads and checks the whole upload (a busboy file stream, or any Readable); throws ImportRejectedError
 * when it has problems, UploadTooLargeError when it went past the upload limit.
 */
export function readRankingFile(
  source: Readable,
  { format, queries, refused = 'Nothing was imported' }: RankingFileOptions,
): Promise<RankingFile> {
  return readUpload(source, async (upload) => {
    if (queries !== undefined && format !== 'trec') {
      const named = format === 'csv' ? 'A CSV file' : 'A JSON Lines file';
      throw new ImportRejectedError(`${refused}: a queries file maps the query ids of a TREC run; ${named} names its queries`, []);
    }
    if (format === 'trec') return readTrecRankings(upload, refused, queries);
    if (format === 'csv') return readCsvRankings(upload, refused);
    return readJsonlRankings(upload, refused);
  });
}
