/**
 * Streams a catalogue file (CSV or JSON Lines) into the products table in one transaction: validated
 * rows are COPYed in chunks into a scratch table, then upserted by product_id in one statement. Any
 * problem rolls everything back; up to MAX_PROBLEMS are reported, numbered by row or line.
 */
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { Database, Queryable } from '../db/database';
import { CsvReader, CsvSyntaxError } from '../bulk/csv-reader';
import { MAX_PROBLEMS, MAX_RECORD_CHARS } from '../bulk/csv-rows';
import { CopyBuffer, copyField } from '../bulk/copy-text';
import { UploadTooLargeError } from '../bulk/import-csv';
import { readCatalogueHeader, readCatalogueLine, readCatalogueRecord, type CatalogueCsvLayout, type ProductRow, type RowProblem } from './catalogue-rows';

export { UploadTooLargeError } from '../bulk/import-csv';

export type CatalogueFormat = 'csv' | 'jsonl';

export interface CatalogueImportCounts {
  imported: number;
  created: number;
  updated: number;
}

/** The file is not acceptable; nothing was written. */
export class CatalogueRejectedError extends Error {
  constructor(
    message: string,
    readonly problems: RowProblem[],
  ) {
    super(message);
  }
}

const STAGING_TABLE = 'catalogue_import';
const STAGING_COLUMNS = ['row', 'product_id', 'name', 'description', 'image_url', 'attributes'] as const;
/** COPY text sent per statement. */
const CHUNK_BYTES = 4 << 20;

/** A source of numbered records: CSV records after the header, or JSON Lines lines. */
interface RecordSource {
  push(bytes: Uint8Array): void;
  end(): void;
}

/**
 * Imports `source` (a busboy file stream: it emits 'limit' and ends early when the file is larger than
 * the upload limit).
 */
export async function importCatalogue(db: Database, source: Readable, format: CatalogueFormat): Promise<CatalogueImportCounts> {
  let tooLarge = false;
  const onLimit = () => (tooLarge = true);
  source.on('limit', onLimit);
  const chunks = source.iterator({ destroyOnReturn: false })[Symbol.asyncIterator]();
  try {
    const counts = await db.transaction(async (tx) => {
      const writer = await StagingWriter.open(tx, format);
      const problems: RowProblem[] = [];
      const take = (product: ProductRow | null, row: number) => {
        if (problems.length >= MAX_PROBLEMS) throw rejection(problems, format);
        // After the first problem nothing more is written; reading goes on to report more.
        if (product !== null && problems.length === 0) writer.add(product, row);
      };
      const reader = format === 'csv' ? csvSource(take, problems) : jsonLinesSource(take, problems);
      try {
        for (;;) {
          const chunk = await chunks.next();
          if (tooLarge) throw new UploadTooLargeError();
          if (chunk.done) break;
          reader.push(chunk.value);
          if (problems.length === 0 && writer.bytes >= CHUNK_BYTES) await writer.flush();
        }
        reader.end();
      } catch (error) {
        if (error instanceof CsvSyntaxError) problems.push({ row: error.row, column: null, problem: error.message });
        else throw error;
      }
      if ((source as { truncated?: boolean }).truncated) throw new UploadTooLargeError();
      if (problems.length > 0) throw rejection(problems, format);
      if (writer.rows === 0) {
        const what = format === 'csv' ? 'a header row and at least one product row' : 'at least one JSON object line';
        throw new CatalogueRejectedError(`Nothing was imported: the file has no products; it needs ${what}`, [
          { row: format === 'csv' ? 2 : 1, column: null, problem: 'no products' },
        ]);
      }
      await writer.flush();
      const duplicates = await writer.duplicates();
      if (duplicates.length > 0) throw rejection(duplicates, format);
      return writer.upsert();
    });
    await cleanSearchIndex(db);
    return counts;
  } finally {
    source.off('limit', onLimit);
    // Read the rest of the upload, if any, so the client gets the answer rather than a reset.
    await chunks.return?.();
    source.resume();
  }
}

/**
 * Moves the rows an import left in the search index's pending list into the index proper. Searches
 * otherwise scan that list on every query (8× slower at 50,000 products), and PGlite has no
 * autovacuum to do it.
 */
export async function cleanSearchIndex(db: Queryable): Promise<void> {
  await db.query(`SELECT gin_clean_pending_list('products_search_idx'::regclass)`);
}

function csvSource(take: (product: ProductRow | null, row: number) => void, problems: RowProblem[]): RecordSource {
  const csv = new CsvReader(MAX_RECORD_CHARS);
  let layout: CatalogueCsvLayout | undefined;
  let row = 0;
  const handle = (records: string[][]) => {
    for (const fields of records) {
      row++;
      if (layout === undefined) {
        const header = readCatalogueHeader(fields);
        if ('problems' in header) {
          const first = header.problems[0];
          throw new CatalogueRejectedError(
            `The CSV header (row 1) is not valid: ${first.column === null ? '' : `column "${first.column}" `}${first.problem}`,
            header.problems.slice(0, MAX_PROBLEMS),
          );
        }
        layout = header.layout;
        continue;
      }
      take(readCatalogueRecord(layout, fields, row, problems), row);
    }
  };
  return {
    push: (bytes) => handle(csv.push(bytes)),
    end: () => {
      handle(csv.end());
      if (layout === undefined) {
        throw new CatalogueRejectedError('The file is empty: its first row must be a header naming the columns, at least "product_id" and "name"', [
          { row: 1, column: null, problem: 'no header row' },
        ]);
      }
    },
  };
}

function jsonLinesSource(take: (product: ProductRow | null, row: number) => void, problems: RowProblem[]): RecordSource {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  let line = 0;
  let started = false;
  const handle = (text: string, final: boolean) => {
    if (!started && text.length > 0) {
      started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    text = rest + text;
    let from = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', from)) {
      line++;
      take(readCatalogueLine(text.slice(from, end), line, problems), line);
      from = end + 1;
    }
    rest = text.slice(from);
    if (final && rest !== '') {
      line++;
      take(readCatalogueLine(rest, line, problems), line);
      rest = '';
    }
    if (rest.length > MAX_RECORD_CHARS) {
      throw new CatalogueRejectedError(`Nothing was imported: line ${line + 1} is longer than ${MAX_RECORD_CHARS.toLocaleString('en')} characters`, [
        ...problems,
        { row: line + 1, column: null, problem: `is longer than ${MAX_RECORD_CHARS.toLocaleString('en')} characters` },
      ].slice(0, MAX_PROBLEMS));
    }
  };
  return {
    push: (bytes) => handle(decoder.write(bytes as Buffer), false),
    end: () => handle(decoder.end(), true),
  };
}

/** Collects valid rows as COPY text into a scratch table that disappears with the transaction. */
class StagingWriter {
  private readonly buffer = new CopyBuffer();
  /** Spreadsheet row or line of each COPY line of the chunk being built, to name it if refused. */
  private chunkRows: number[] = [];
  rows = 0;

  private constructor(
    private readonly tx: Queryable,
    private readonly format: CatalogueFormat,
  ) {}

  static async open(tx: Queryable, format: CatalogueFormat): Promise<StagingWriter> {
    await tx.query(
      `CREATE TEMP TABLE ${STAGING_TABLE} (row integer NOT NULL, product_id text NOT NULL, name text NOT NULL,
         description text NOT NULL, image_url text, attributes jsonb NOT NULL) ON COMMIT DROP`,
    );
    return new StagingWriter(tx, format);
  }

  get bytes(): number {
    return this.buffer.byteLength;
  }

  add(product: ProductRow, row: number): void {
    this.rows++;
    this.chunkRows.push(row);
    this.buffer.append(
      `${row},${copyField(product.product_id)},${copyField(product.name)},${copyField(product.description)},` +
        `${copyField(product.image_url)},${copyField(product.attributes)}\n`,
    );
  }

  async flush(): Promise<void> {
    if (this.buffer.byteLength === 0) return;
    const rows = this.chunkRows;
    this.chunkRows = [];
    try {
      await this.tx.copyCsv(STAGING_TABLE, STAGING_COLUMNS, this.buffer.take());
    } catch (error) {
      throw rowRejection(error, rows, this.format) ?? error;
    }
  }

  /** Each later row that repeats an earlier row's product_id (which one wins would be a guess). */
  async duplicates(): Promise<RowProblem[]> {
    const { rows } = await this.tx.query<{ product_id: string; rows: number[] }>(
      `SELECT product_id, array_agg(row ORDER BY row) AS rows FROM ${STAGING_TABLE}
       GROUP BY product_id HAVING count(*) > 1 ORDER BY min(row) LIMIT ${MAX_PROBLEMS}`,
    );
    return rows
      .flatMap(({ product_id, rows: [first, ...later] }) =>
        later.map((row) => ({ row, column: 'product_id', problem: `repeats the product_id "${product_id}" of ${this.format === 'csv' ? 'row' : 'line'} ${first}` })),
      )
      .sort((a, b) => a.row - b.row)
      .slice(0, MAX_PROBLEMS);
  }

  async upsert(): Promise<CatalogueImportCounts> {
    // xmax is 0 on a row this statement inserted and set on one it updated.
    const { rows } = await this.tx.query<CatalogueImportCounts>(
      `WITH upserted AS (
         INSERT INTO products (product_id, name, description, image_url, attributes)
         SELECT product_id, name, description, image_url, attributes FROM ${STAGING_TABLE}
         ON CONFLICT (product_id) DO UPDATE SET name = excluded.name, description = excluded.description,
           image_url = excluded.image_url, attributes = excluded.attributes, updated_at = now()
         RETURNING (xmax = 0) AS created)
       SELECT count(*)::int AS imported, (count(*) FILTER (WHERE created))::int AS created,
              (count(*) FILTER (WHERE NOT created))::int AS updated
       FROM upserted`,
    );
    return rows[0];
  }
}

/** PostgreSQL's data errors (SQLSTATE class 22) name the COPY line, hence the row at fault. */
function rowRejection(error: unknown, rows: readonly number[], format: CatalogueFormat): CatalogueRejectedError | undefined {
  const { code, where, message } = error as { code?: string; where?: string; message?: string };
  if (typeof code !== 'string' || !code.startsWith('22')) return undefined;
  const match = new RegExp(`COPY ${STAGING_TABLE}, line (\\d+)(?:, column (\\w+))?`).exec(where ?? '');
  if (!match) return undefined;
  const line = Number(match[1]);
  if (!(line >= 1 && line <= rows.length)) return undefined;
  const column = match[2] === undefined || match[2] === 'row' ? null : match[2];
  return rejection([{ row: rows[line - 1], column, problem: `was rejected by the database: ${message}` }], format);
}

function rejection(problems: RowProblem[], format: CatalogueFormat): CatalogueRejectedError {
  const shown = problems.slice(0, MAX_PROBLEMS);
  const count = problems.length >= MAX_PROBLEMS ? `at least ${MAX_PROBLEMS} problems` : `${problems.length} problem${problems.length === 1 ? '' : 's'}`;
  const unit = format === 'csv' ? 'row' : 'line';
  const first = shown[0];
  const where = first.column === null ? `${unit} ${first.row}` : `${unit} ${first.row}, ${format === 'csv' ? 'column' : 'field'} "${first.column}"`;
  const file = format === 'csv' ? 'CSV file' : 'JSON Lines file';
  return new CatalogueRejectedError(`Nothing was imported: the ${file} has ${count}; the first is at ${where}: ${first.problem}`, shown);
}
