import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { copyStatement, type Database, type Queryable } from './database';
import { typeParsers } from './type-parsers';
import { makeOwnerOnly } from './owner-only';
import { checkpointIfDue, WAL_CHECK_EVERY_MS, WAL_START_PARAMS } from './pglite-wal';

type PGliteLike = PGlite | Transaction;

/**
 * PGlite runs each statement synchronously in this thread and resolves it as a microtask, so a worker
 * issuing statement after statement would never let the event loop read a socket: every request would
 * wait for the whole run. Each statement first gives the event loop a turn.
 */
const eventLoopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function queryable(pg: PGliteLike): Queryable {
  return {
    async query(sql, params) {
      await eventLoopTurn();
      const result = await pg.query(sql, params ?? []);
      return { rows: result.rows as never[], rowCount: result.affectedRows ?? result.rows.length };
    },
    async exec(sql) {
      await eventLoopTurn();
      await pg.exec(sql);
    },
    async copyCsv(table, columns, csv) {
      // PGlite's COPY reads one Blob per statement from the virtual file /dev/blob.
      await pg.query(copyStatement(table, columns, `'/dev/blob'`), [], { blob: new Blob([csv]) });
    },
  };
}

export interface PGliteOptions {
  /** Folder of the data directory; in memory when absent. */
  dataDir?: string;
  /** A data directory dump (from `dumpDataDir`) to start from instead of a fresh initdb. */
  loadDataDir?: Blob;
}

export async function openPGlite(options: PGliteOptions = {}): Promise<Database & { pg: PGlite }> {
  const pg = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    parsers: typeParsers,
    // The entry search's trigram index (migration 008).
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...WAL_START_PARAMS],
  });
  const { dataDir } = options;
  if (dataDir) await makeOwnerOnly(dataDir);
  const own = queryable(pg);
  const boundWal = async () => {
    if (dataDir) await checkpointIfDue(own, dataDir);
  };
  // A failed check is tried again at the next tick; the reads and writes it would slow are what matter.
  const walTimer = dataDir ? setInterval(() => void boundWal().catch(() => undefined), WAL_CHECK_EVERY_MS) : undefined;
  walTimer?.unref();
  return {
    kind: 'pglite',
    pg,
    dataDir,
    ...own,
    transaction: (work) => pg.transaction((tx) => work(queryable(tx))),
    // One connection is all PGlite has.
    connection: (work) => work(own),
    boundWal,
    close: async () => {
      clearInterval(walTimer);
      await pg.close();
    },
  };
}
