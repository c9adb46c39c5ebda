/**
 * Streams a catalogue file (CSV or JSON Lines) into the products table in one transaction: validated
 * rows are COPYed in chunks into a scratch table, then upserted by product_id in one statement. Any
 * problem rolls everything back; up to MAX_PROBLEMS are reported, numbered by row or line. The audit
 * row is written by that transaction after the upsert, so it exists exactly when the import does.
 */
import type { Readable } from 'node:stream';
import type { Database, Queryable } from '../db/database';
import { recordAudit } from '../audit/audit-trail';
import { counted, joined, type AuditActor } from '../audit/audit-summaries';
import { CopyBuffer, copyLine } from '../import/copy-text';
import { CsvReader, CsvSyntaxError } from '../import/csv-reader';
import { ImportRejectedError, rejection, stopWhenFull, syntaxProblem, type FileWording, type RowProblem } from '../import/import-problems';
import { LineSplitter } from '../import/text-lines';
import { readUpload } from '../import/upload-reader';
import type { CatalogueImportCounts } from '../schemas/catalogue';
import { MAX_PROBLEMS, MAX_RECORD_CHARS } from '../schemas/limits';
import { readCatalogueHeader, readCatalogueLine, readCatalogueRecord, type CatalogueCsvLayout, type ProductRow } from './catalogue-rows';

export type CatalogueFormat = 'csv' | 'jsonl';

const STAGING_TABLE = 'catalogue_import';
const STAGING_COLUMNS = ['row', 'product_id', 'name', 'description', 'image_url', 'attributes'] as const;
/** COPY text sent per statement. */
const CHUNK_BYTES = 4 << 20;
const WORDING: Record<CatalogueFormat, FileWording> = {
  csv: { file: 'CSV file', unit: 'row', cell: 'column' },
  jsonl: { file: 'JSON Lines file', unit: 'line', cell: 'field' },
};

/** A source of numbered records: CSV records after the header, or JSON Lines lines. */
interface RecordSource {
  push(bytes: Uint8Array): void;
  end(): void;
}

/**
 * Imports `source` (a busboy file stream: it emits 'limit' and ends early when the file is larger than
 * the upload limit).
 */
export async function importCatalogue(
  db: Database,
  actor: AuditActor,
  source: Readable,
  format: CatalogueFormat,
): Promise<CatalogueImportCounts> {
  const wording = WORDING[format];
  const counts = await readUpload(source, (upload) =>
    db.transaction(async (tx) => {
      const writer = await StagingWriter.open(tx, format);
      const problems: RowProblem[] = [];
      const take = (product: ProductRow | null, row: number) => {
        stopWhenFull(problems, wording);
        // After the first problem nothing more is written; reading goes on to report more.
        if (product !== null && problems.length === 0) writer.add(product, row);
      };
      const reader = format === 'csv' ? csvSource(take, problems) : jsonLinesSource(take, problems);
      try {
        for await (const chunk of upload) {
          reader.push(chunk);
          if (problems.length === 0 && writer.bytes >= CHUNK_BYTES) await writer.flush();
        }
        reader.end();
      } catch (error) {
        if (error instanceof CsvSyntaxError) problems.push(syntaxProblem(error));
        else throw error;
      }
      if (problems.length > 0) throw rejection(problems, wording);
      if (writer.rows === 0) {
        const what = format === 'csv' ? 'a header row and at least one product row' : 'at least one JSON object line';
        throw new ImportRejectedError(`Nothing was imported: the file has no products; it needs ${what}`, [
          { row: format === 'csv' ? 2 : 1, column: null, problem: 'no products' },
        ]);
      }
      await writer.flush();
      const duplicates = await writer.duplicates();
      if (duplicates.length > 0) throw rejection(duplicates, wording);
      const done = await writer.upsert();
      await recordAudit(tx, actor, { action: 'catalogue.import', target_type: 'catalogue', target_id: null, summary: importSummary(done) });
      return done;
    }),
  );
  return counts;
}

/** "12 products: 10 created · 2 updated". */
const importSummary = ({ imported, created, updated }: CatalogueImportCounts) =>
  `${counted(imported, 'product', 'products')}: ${joined(`${created.toLocaleString('en')} created`, `${updated.toLocaleString('en')} updated`)}`;

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
          throw new ImportRejectedError(
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
        throw new ImportRejectedError(
          'The file is empty: its first row must be a header naming the columns, at least "product_id" and "name"',
          [{ row: 1, column: null, problem: 'no header row' }],
        );
      }
    },
  };
}

function jsonLinesSource(take: (product: ProductRow | null, row: number) => void, problems: RowProblem[]): RecordSource {
  // JSON text never holds a bare CR, so only LF ends a line (a CRLF's CR is white space to JSON.parse).
  const lines = new LineSplitter('lf');
  let line = 0;
  const handle = (texts: string[]) => {
    for (const text of texts) take(readCatalogueLine(text, ++line, problems), line);
    if (lines.unfinishedLength > MAX_RECORD_CHARS) {
      const tooLong = `is longer than ${MAX_RECORD_CHARS.toLocaleString('en')} characters`;
      throw new ImportRejectedError(
        `Nothing was imported: line ${line + 1} ${tooLong}`,
        [...problems, { row: line + 1, column: null, problem: tooLong }].slice(0, MAX_PROBLEMS),
      );
    }
  };
  return {
    push: (bytes) => handle(lines.push(bytes)),
    end: () => handle(lines.end()),
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
      copyLine([String(row), product.product_id, product.name, product.description, product.image_url, product.attributes]),
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
        later.map((row) => ({
          row,
          column: 'product_id',
          problem: `repeats the product_id "${product_id}" of ${this.format === 'csv' ? 'row' : 'line'} ${first}`,
        })),
      )
      .sort((a, b) => a.row - b.row)
      .slice(0, MAX_PROBLEMS);
  }

  async upsert(): Promise<CatalogueImportCounts> {
    // xmax is 0 on a row this statement inserted and set on one it updated. Rows are locked in
    // product_id order, the same in every import: two imports sharing ids wait, never deadlock. A product the
    // demo made and the file replaces is the user's now (demo = false), kept when the demo data is removed.
    const { rows } = await this.tx.query<CatalogueImportCounts>(
      `WITH upserted AS (
         INSERT INTO products (product_id, name, description, image_url, attributes)
         SELECT product_id, name, description, image_url, attributes FROM ${STAGING_TABLE} ORDER BY product_id
         ON CONFLICT (product_id) DO UPDATE SET name = excluded.name, description = excluded.description,
           image_url = excluded.image_url, attributes = excluded.attributes, updated_at = now(), demo = false
         RETURNING (xmax = 0) AS created)
       SELECT count(*)::int AS imported, (count(*) FILTER (WHERE created))::int AS created,
              (count(*) FILTER (WHERE NOT created))::int AS updated
       FROM upserted`,
    );
    return rows[0];
  }
}

/** PostgreSQL's data errors (SQLSTATE class 22) name the COPY line, hence the row at fault. */
function rowRejection(error: unknown, rows: readonly number[], format: CatalogueFormat): ImportRejectedError | undefined {
  const { code, where, message } = error as { code?: string; where?: string; message?: string };
  if (typeof code !== 'string' || !code.startsWith('22')) return undefined;
  const match = new RegExp(`COPY ${STAGING_TABLE}, line (\\d+)(?:, column (\\w+))?`).exec(where ?? '');
  if (!match) return undefined;
  const line = Number(match[1]);
  if (!(line >= 1 && line <= rows.length)) return undefined;
  const column = match[2] === undefined || match[2] === 'row' ? null : match[2];
  return rejection([{ row: rows[line - 1], column, problem: `was rejected by the database: ${message}` }], WORDING[format]);
}
