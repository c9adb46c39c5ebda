import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { copyStatement, type Database, type Queryable } from './database';
import { typeParsers } from './type-parsers';

const types = {
  getTypeParser(oid: number, format?: string) {
    const parser = (typeParsers as Record<number, (value: string) => unknown>)[oid];
    return parser ?? pg.types.getTypeParser(oid, format as 'text');
  },
};

/** Names of the statements kept prepared, by their text. */
const statementNames = new Map<string, string>();
/** Beyond this many texts, statements run unnamed: a connection would otherwise keep each one for good. */
const MOST_PREPARED = 200;

function statementName(sql: string): string | undefined {
  let name = statementNames.get(sql);
  if (name === undefined && statementNames.size < MOST_PREPARED) statementNames.set(sql, (name = `prepared_${statementNames.size + 1}`));
  return name;
}

function query(client: pg.Pool | pg.PoolClient): Queryable['query'] {
  return async (sql, params, options) => {
    const name = options?.prepare ? statementName(sql) : undefined;
    const answer: pg.QueryResult | pg.QueryResult[] = await client.query({ name, text: sql, values: params ?? [], types });
    // A script of several statements (pg-boss's migrations send some) answers with one result each.
    const result = Array.isArray(answer) ? answer[answer.length - 1] : answer;
    return { rows: result.rows, rowCount: result.rowCount ?? result.rows.length };
  };
}

function exec(client: pg.Pool | pg.PoolClient): Queryable['exec'] {
  return async (sql) => {
    await client.query(sql);
  };
}

async function copyOn(client: pg.PoolClient, table: string, columns: readonly string[], csv: string) {
  const stream = client.query(copyFrom(copyStatement(table, columns, 'STDIN')));
  await pipeline(Readable.from([csv]), stream);
}

/** A lost connection is worth a line, not a crash: the query that used it (if any) fails on its own. */
const connectionLost = (error: Error) =>
  console.error(
    `${new Date().toISOString()} PostgreSQL connection lost (${(error as { code?: string }).code ?? error.message}); reconnecting on next use`,
  );

/** Runs `work` on a client of its own; a checked-out client has no pool listener, so it gets `onError`. */
async function borrow<T>(pool: pg.Pool, onError: (error: Error) => void, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  client.on('error', onError);
  try {
    return await work(client);
  } finally {
    client.off('error', onError);
    client.release();
  }
}

export async function openPostgres(connectionString: string): Promise<Database & { pool: pg.Pool }> {
  // A connect that hangs (a server gone from the network) fails instead of holding requests forever.
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 10_000 });
  // An idle client whose session the server ended (pg_terminate_backend, restart, failover, idle_session_timeout)
  // is reported here; without a listener Node ends the process. The pool drops it and connects anew.
  pool.on('error', connectionLost);
  // Fail at start, with the driver's message, when the server cannot be reached.
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    pool,
    query: query(pool),
    exec: exec(pool),
    copyCsv: (table, columns, csv) => borrow(pool, connectionLost, (client) => copyOn(client, table, columns, csv)),
    connection: (work) =>
      borrow(pool, connectionLost, (client) =>
        work({ query: query(client), exec: exec(client), copyCsv: (table, columns, csv) => copyOn(client, table, columns, csv) }),
      ),
    transaction: (work) =>
      borrow(pool, connectionLost, async (client) => {
        await client.query('BEGIN');
        try {
          const tx: Queryable = {
            query: query(client),
            exec: exec(client),
            copyCsv: (table, columns, csv) => copyOn(client, table, columns, csv),
          };
          const result = await work(tx);
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
    close: () => pool.end(),
  };
}
