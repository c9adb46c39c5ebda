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

function query(client: pg.Pool | pg.PoolClient): Queryable['query'] {
  return async (sql, params) => {
    const answer: pg.QueryResult | pg.QueryResult[] = await client.query({ text: sql, values: params ?? [], types });
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

export async function openPostgres(connectionString: string): Promise<Database & { pool: pg.Pool }> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // Fail at start, with the driver's message, when the server cannot be reached.
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    pool,
    query: query(pool),
    exec: exec(pool),
    async copyCsv(table, columns, csv) {
      const client = await pool.connect();
      try {
        await copyOn(client, table, columns, csv);
      } finally {
        client.release();
      }
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
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
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
