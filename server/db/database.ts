/** The storage interface shared by the PGlite and PostgreSQL implementations. */
interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

interface QueryOptions {
  /**
   * Keep the statement parsed, and its plan once the database finds one plan good for any parameters, on
   * each connection that runs it (PostgreSQL; the embedded database ignores it). For the statements
   * answered most often, whose planning costs more than running them; `sql` must be text from the code,
   * one of a few, since each connection keeps every such statement it has run.
   */
  prepare?: boolean;
}

export interface Queryable {
  /** A parameterised query ($1, $2, ...); never interpolate values into `sql`. */
  query<R = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<R>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Bulk load one chunk of CSV text (no header, RFC 4180, empty unquoted field = NULL) with COPY.
   * Call repeatedly to stream; each call is one COPY statement.
   */
  copyCsv(table: string, columns: readonly string[], csv: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs `work` on one connection, without a transaction: a request's few reads wait for a free connection
   * once, not once each, which under many clients on PostgreSQL shortens every request's wait.
   */
  connection<T>(work: (db: Queryable) => Promise<T>): Promise<T>;
  /** The embedded database's folder; absent on PostgreSQL and for an embedded database in memory. */
  readonly dataDir?: string;
  /**
   * After a large write: checkpoints when the write-ahead log has grown past its bound (PGlite only:
   * PostgreSQL's own checkpointer does this).
   */
  boundWal?(): Promise<void>;
  close(): Promise<void>;
}

export function copyStatement(table: string, columns: readonly string[], source: string): string {
  const cols = columns.map(quoteIdentifier).join(', ');
  return `COPY ${quoteIdentifier(table)} (${cols}) FROM ${source} WITH (FORMAT csv)`;
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
