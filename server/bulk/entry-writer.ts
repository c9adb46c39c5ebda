/**
 * Writes validated rows in chunks inside the upload's transaction. Entry ids come from the identity
 * sequence a chunk ahead, so each row becomes its COPY lines as it arrives; entries and mappings go
 * straight into their tables, one COPY each per chunk. The next chunk is built while the database
 * copies the one before (PostgreSQL works in its own process meanwhile; PGlite simply alternates).
 */
import type { Queryable } from '../db/database';
import { CopyBuffer, copyLine } from '../import/copy-text';
import { CREATED_DATASET_DESCRIPTION, type EntryRow } from './csv-rows';
import type { BulkUploadCounts } from '../schemas/bulk-upload';
import { ADVISORY_LOCKS } from '../db/advisory-locks';
import { queryKey } from '../evaluation/query-key';
import { HttpError } from '../errors';
import { findExistingInputs } from './existing-inputs';
import { rowRejection } from './row-rejection';

export interface EntryWriterOptions {
  /** Rows per COPY; a chunk also ends at CHUNK_BYTES of entry text. */
  chunkRows?: number;
  /**
   * Copy mappings without their per-row foreign-key triggers (`session_replication_role = replica`)
   * when the database role may: 'auto' (default) asks the database, false never does.
   */
  skipForeignKeyTriggers?: 'auto' | false;
}

/** Where an upload's rows go besides the datasets they name, and what becomes of inputs a dataset already holds. */
export interface UploadTarget {
  /** Every row goes into this dataset. */
  datasetId?: number;
  onExisting: 'add' | 'skip';
}

const DEFAULT_CHUNK_ROWS = 10_000;
/** Chunks start this small and grow tenfold: ids are taken a chunk ahead, so few go unused. */
const FIRST_CHUNK_ROWS = 100;
const CHUNK_BYTES = 4 << 20;
/**
 * Held (until commit) by an upload from its first dataset creation on. Uploads hold their new datasets'
 * rows locked until they commit, so two creating the same names in opposite orders would deadlock;
 * this makes uploads that create datasets take turns.
 */
const DATASET_CREATION_LOCK = ADVISORY_LOCKS.bulkUploadDatasetCreation;
const ENTRY_COLUMNS = ['id', 'input', 'input_metadata', 'description', 'query_key'] as const;
const MAPPING_COLUMNS = ['dataset_id', 'dataset_entry_id'] as const;

/** A chunk's rows as they arrive; their COPY text accumulates in the writer's two buffers. */
interface Chunk {
  ids: string[];
  /** Mappings to datasets not yet resolved: name, entry id, name, entry id, ... */
  pending: string[];
  mappingCount: number;
  /** Spreadsheet row of each entry, to name the row when PostgreSQL rejects a COPY line. */
  rows: number[];
}

export class EntryWriter {
  private readonly counts: BulkUploadCounts = {
    created_entries: 0,
    created_datasets: 0,
    created_mappings: 0,
    existing_inputs: 0,
    repeated_inputs: 0,
    skipped_inputs: 0,
  };
  /** Dataset name → id (as text, ready for COPY). Only grows. */
  private readonly datasetIds = new Map<string, string>();
  /** Ids of the datasets that existed before this upload: only they can hold its inputs already. */
  private readonly foundDatasets: string[] = [];
  /** The last entry id used: with the first id taken, the range holding this upload's entries. */
  private lastId: string | undefined;
  /** Dataset name → query keys the file's rows put there so far: a later row with one of them is a repeat. */
  private readonly keysInFile = new Map<string, Set<string>>();
  /** The current row's key as a string of its own, made once when a set first keeps it. */
  private keptKey: string | undefined;
  private readonly entries = new CopyBuffer();
  private readonly mappings = new CopyBuffer();
  private chunk: Chunk;
  /** The database work queued so far: one statement at a time on the transaction's connection. */
  private queue: Promise<unknown> = Promise.resolve();
  /** The COPYs of the chunk sent last. */
  private lastCopy: Promise<void> = Promise.resolve();
  private pendingWork = 0;
  private nextChunkRows: number;
  private holdsCreationLock = false;

  private constructor(
    private readonly tx: Queryable,
    private readonly sequence: string,
    private readonly skipForeignKeyTriggers: boolean,
    private readonly chunkRows: number,
    private readonly firstId: string,
    private readonly target: UploadTarget,
    /** The dataset every row goes into: its id and name. */
    private readonly preset: { id: string; name: string } | null,
    firstIds: string[],
  ) {
    if (preset) {
      this.datasetIds.set(preset.name, preset.id);
      this.foundDatasets.push(preset.id);
    }
    this.chunk = newChunk(firstIds);
    this.nextChunkRows = Math.min(chunkRows, firstIds.length * 10);
  }

  static async open(tx: Queryable, target: UploadTarget, options: EntryWriterOptions = {}): Promise<EntryWriter> {
    const preset = target.datasetId === undefined ? null : await holdDataset(tx, target.datasetId);
    const { rows } = await tx.query<{ sequence: string; may_skip: boolean }>(
      `SELECT pg_get_serial_sequence('dataset_entries', 'id') AS sequence,
              current_setting('is_superuser') = 'on'
                OR has_parameter_privilege('session_replication_role', 'SET') AS may_skip`,
    );
    const { sequence, may_skip } = rows[0];
    const chunkRows = options.chunkRows ?? DEFAULT_CHUNK_ROWS;
    const ids = await allocateIds(tx, sequence, Math.min(chunkRows, FIRST_CHUNK_ROWS));
    const skipTriggers = options.skipForeignKeyTriggers !== false && may_skip;
    return new EntryWriter(tx, sequence, skipTriggers, chunkRows, ids[0], target, preset, ids);
  }

  add(entry: EntryRow, row: number): void {
    const key = queryKey(entry.input);
    const { preset } = this;
    let datasets = preset && !entry.datasets.includes(preset.name) ? [...entry.datasets, preset.name] : entry.datasets;
    if (datasets.length > 0) {
      this.keptKey = undefined;
      const firsts = datasets.filter((name) => this.isFirstInFile(name, key));
      if (firsts.length < datasets.length) {
        this.counts.repeated_inputs++;
        if (this.target.onExisting === 'skip') {
          // Into none of its datasets: not stored at all.
          if (firsts.length === 0) {
            this.counts.skipped_inputs++;
            return;
          }
          datasets = firsts;
        }
      }
    }
    const chunk = this.chunk;
    const id = chunk.ids[chunk.rows.length];
    chunk.rows.push(row);
    this.lastId = id;
    this.entries.append(copyLine([id, entry.input, entry.metadata, entry.description, key]));
    chunk.mappingCount += datasets.length;
    for (const name of datasets) {
      const datasetId = this.datasetIds.get(name);
      if (datasetId === undefined) chunk.pending.push(name, id);
      else this.mappings.append(`${datasetId},${id}\n`);
    }
  }

  /** Whether no earlier row of the file put this key into the dataset; it is noted for later rows. */
  private isFirstInFile(dataset: string, key: string): boolean {
    let keys = this.keysInFile.get(dataset);
    if (keys === undefined) this.keysInFile.set(dataset, (keys = new Set()));
    if (keys.has(key)) return false;
    // A copy: the key may be a slice of the input, which pins the whole chunk of file text it was read from.
    keys.add((this.keptKey ??= Buffer.from(key).toString()));
    return true;
  }

  get chunkIsFull(): boolean {
    return this.chunk.rows.length >= this.chunk.ids.length || this.entries.byteLength >= CHUNK_BYTES;
  }

  /** Whether database work is queued or running (the caller then yields to the event loop now and then). */
  get busy(): boolean {
    return this.pendingWork > 0;
  }

  /**
   * Queues the current chunk's COPYs and readies the next chunk. Returns once the chunk sent before
   * this one is written, so the database always has the next chunk waiting while one is parsed.
   */
  async send(): Promise<void> {
    if (this.chunk.rows.length === 0) return;
    // The next ids are queued ahead of this chunk's COPYs: they arrive once the chunk before is done.
    const size = this.nextChunkRows;
    this.nextChunkRows = Math.min(this.chunkRows, size * 10);
    const nextIds = this.enqueue(() => allocateIds(this.tx, this.sequence, size));
    const previousCopy = this.lastCopy;
    await this.queueCopy();
    await previousCopy;
    this.chunk = newChunk(await nextIds);
  }

  async finish(): Promise<BulkUploadCounts> {
    if (this.chunk.rows.length > 0) await this.queueCopy();
    await this.queue;
    const counts = this.counts;
    if (counts.created_mappings > 0) {
      const existing = await findExistingInputs(this.tx, {
        firstId: this.firstId,
        lastId: this.lastId!,
        foundDatasets: this.foundDatasets,
        skip: this.target.onExisting === 'skip',
      });
      counts.existing_inputs = existing.existing;
      counts.skipped_inputs += existing.skippedEntries;
      counts.created_entries -= existing.skippedEntries;
      counts.created_mappings -= existing.skippedMappings;
    }
    return { ...counts };
  }

  /** Lets the work under way end (its errors dropped) before the transaction rolls back. */
  async abandon(): Promise<void> {
    await this.queue.catch(() => undefined);
  }

  /** Runs `work` after everything queued before; after a failure nothing queued later runs. */
  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    this.pendingWork++;
    const result = this.queue.then(work).finally(() => this.pendingWork--);
    this.queue = result;
    result.catch(() => undefined); // the caller, or finish(), sees the error
    return result;
  }

  /** Takes the chunk's COPY text out of the buffers and queues its COPYs. */
  private async queueCopy(): Promise<void> {
    const chunk = this.chunk;
    this.chunk = newChunk([]);
    if (chunk.pending.length > 0) await this.enqueue(() => this.resolvePending(chunk));
    const entries = this.entries.take();
    const mappings = this.mappings.take();
    this.lastCopy = this.enqueue(async () => {
      const { tx } = this;
      try {
        await tx.copyCsv('dataset_entries', ENTRY_COLUMNS, entries);
      } catch (error) {
        throw rowRejection(error, chunk.rows) ?? error;
      }
      if (mappings !== '') {
        // Safe without the triggers: every entry id was inserted just above by this transaction, and
        // every dataset id was created by it or is held with FOR KEY SHARE, as the trigger would.
        if (this.skipForeignKeyTriggers) await tx.query('SET LOCAL session_replication_role = replica');
        await tx.copyCsv('dataset_entry_mappings', MAPPING_COLUMNS, mappings);
        if (this.skipForeignKeyTriggers) await tx.query('SET LOCAL session_replication_role = DEFAULT');
      }
      this.counts.created_entries += chunk.rows.length;
      this.counts.created_mappings += chunk.mappingCount;
    });
  }

  private async resolvePending(chunk: Chunk): Promise<void> {
    const names = new Set<string>();
    for (let i = 0; i < chunk.pending.length; i += 2) names.add(chunk.pending[i]);
    await this.resolveDatasets([...names]);
    for (let i = 0; i < chunk.pending.length; i += 2) {
      this.mappings.append(`${this.datasetIds.get(chunk.pending[i])},${chunk.pending[i + 1]}\n`);
    }
  }

  /**
   * Finds or creates each named dataset, keeping existing ones locked against deletion until commit.
   * A name another upload creates meanwhile is found on the next pass.
   */
  private async resolveDatasets(names: string[]): Promise<void> {
    let missing = names.filter((name) => !this.datasetIds.has(name));
    for (let pass = 0; pass < 4 && missing.length > 0; pass++) {
      const found = await this.tx.query<{ id: string; name: string }>(
        'SELECT id::text AS id, name FROM datasets WHERE name = ANY($1::text[]) FOR KEY SHARE',
        [missing],
      );
      for (const { id, name } of found.rows) {
        this.datasetIds.set(name, id);
        this.foundDatasets.push(id);
      }
      missing = missing.filter((name) => !this.datasetIds.has(name));
      if (missing.length === 0) break;
      if (!this.holdsCreationLock) {
        await this.tx.query('SELECT pg_advisory_xact_lock($1)', [DATASET_CREATION_LOCK]);
        this.holdsCreationLock = true;
        continue; // another upload may have created some of them while this one waited
      }
      const created = await this.tx.query<{ id: string; name: string }>(
        `INSERT INTO datasets (name, description) SELECT unnest($1::text[]), $2
         ON CONFLICT (name) DO NOTHING RETURNING id::text AS id, name`,
        [missing, CREATED_DATASET_DESCRIPTION],
      );
      for (const { id, name } of created.rows) this.datasetIds.set(name, id);
      this.counts.created_datasets += created.rows.length;
      missing = missing.filter((name) => !this.datasetIds.has(name));
    }
    if (missing.length > 0) throw new Error(`Could not find or create datasets: ${missing.join(', ')}`);
  }
}

/** The dataset every row goes into, held against deletion until commit as the named ones are. */
async function holdDataset(tx: Queryable, datasetId: number): Promise<{ id: string; name: string }> {
  const { rows } = await tx.query<{ id: string; name: string }>('SELECT id::text AS id, name FROM datasets WHERE id = $1 FOR KEY SHARE', [
    datasetId,
  ]);
  if (rows.length === 0) throw new HttpError(404, `Dataset ${datasetId} does not exist, so no row could go into it; nothing was imported`);
  return rows[0];
}

function newChunk(ids: string[]): Chunk {
  return { ids, pending: [], mappingCount: 0, rows: [] };
}

/** `count` ids of the identity sequence in one round trip; other sessions' inserts may interleave. */
async function allocateIds(tx: Queryable, sequence: string, count: number): Promise<string[]> {
  const { rows } = await tx.query<{ ids: string }>(
    "SELECT string_agg(nextval($1::regclass)::text, ',') AS ids FROM generate_series(1, $2::int)",
    [sequence, count],
  );
  return rows[0].ids.split(',');
}
