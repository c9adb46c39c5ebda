/**
 * Room on the disk that holds the embedded database. A full disk is worse for PGlite than for a PostgreSQL
 * server: a write that cannot fit in its log stops the whole process for good (PostgreSQL would restart),
 * and a start on a full disk fails without saying why. So the server refuses writes while less than a
 * reserve is free, and an import must find room for a few times its file on top of that.
 */
import { statfs } from 'node:fs/promises';
import { HttpError } from '../errors';

const MiB = 1024 * 1024;
/** After a disk-full error, writes are refused this long even where the free space cannot be read (PostgreSQL). */
const FULL_ERROR_HOLD_MS = 10_000;
/** statfs is cheap, but every write asks: one reading serves a burst of requests. */
const READING_LIFE_MS = 1_000;
/**
 * What an import may add on disk per byte of its file: a rejected 200,000-row CSV of 21 MB left 39 MB of
 * table and index pages and as much write-ahead log.
 */
export const IMPORT_BYTES_PER_FILE_BYTE = 4;

export interface DiskState {
  full: boolean;
  /** Free bytes on the data folder's disk, where it can be read. */
  freeBytes?: number;
  reserveBytes: number;
}

export interface DiskWatchOptions {
  /** The embedded database's folder; without one only the database's own disk-full errors count. */
  folder?: string;
  reserveBytes: number;
  /** How free space is read (tests pass their own). */
  freeBytesOf?: (folder: string) => Promise<number>;
  now?: () => number;
}

/** The answer to a write the disk has no room for; nothing of it was written. */
export class DiskFullError extends HttpError {
  constructor(message: string) {
    super(507, message);
  }
}

/** Bytes an unprivileged process may still write on the disk that holds `folder`. */
export async function freeBytesOnDisk(folder: string): Promise<number> {
  const stats = await statfs(folder);
  return stats.bavail * stats.bsize;
}

export const megabytes = (bytes: number) => `${Math.floor(bytes / MiB).toLocaleString('en-US')} MB`;

export class DiskWatch {
  private fullErrorAt = Number.NEGATIVE_INFINITY;
  private reading?: { at: number; freeBytes: number | undefined };
  private readonly freeBytesOf: (folder: string) => Promise<number>;
  private readonly now: () => number;

  constructor(private readonly options: DiskWatchOptions) {
    this.freeBytesOf = options.freeBytesOf ?? freeBytesOnDisk;
    this.now = options.now ?? Date.now;
  }

  /** The database or a file write just failed for want of space. */
  noteFull(): void {
    this.fullErrorAt = this.now();
    this.reading = undefined;
  }

  async state(): Promise<DiskState> {
    const freeBytes = await this.freeBytes();
    const { reserveBytes } = this.options;
    const recentError = this.now() - this.fullErrorAt < FULL_ERROR_HOLD_MS;
    return { full: recentError || (freeBytes !== undefined && freeBytes < reserveBytes), freeBytes, reserveBytes };
  }

  /** Refuses, naming the room there is, when the disk is full or has less than `bytes` beyond the reserve. */
  async assertRoomFor(bytes = 0): Promise<void> {
    const state = await this.state();
    if (state.full) throw new DiskFullError(diskFullMessage(state));
    if (bytes > 0 && state.freeBytes !== undefined && state.freeBytes - state.reserveBytes < bytes) {
      throw new DiskFullError(
        `Not enough room on the database's disk for this upload: it needs about ${megabytes(bytes)} and ` +
          `${megabytes(state.freeBytes)} are free, of which the server keeps ${megabytes(state.reserveBytes)} in reserve. ` +
          'Nothing was written; free space on that disk (or raise the limit with DISK_RESERVE_MB), then try again.',
      );
    }
  }

  private async freeBytes(): Promise<number | undefined> {
    const { folder } = this.options;
    if (folder === undefined) return undefined;
    const now = this.now();
    if (this.reading && now - this.reading.at < READING_LIFE_MS) return this.reading.freeBytes;
    const freeBytes = await this.freeBytesOf(folder).catch(() => undefined);
    this.reading = { at: now, freeBytes };
    return freeBytes;
  }
}

/** What a refused write and the health check say. */
export function diskFullMessage(state: DiskState): string {
  const room =
    state.freeBytes === undefined
      ? ''
      : ` (${megabytes(state.freeBytes)} free; the server keeps ${megabytes(state.reserveBytes)} in reserve)`;
  return `The database's disk is full${room}: nothing was written. Free space on that disk, then try again.`;
}

/** A failure for want of space: PostgreSQL's disk_full (also PGlite's), or a file write's ENOSPC. */
export function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return code === '53100' || code === 'ENOSPC' || code === 'EDQUOT';
}

/** Below this much free space a start that fails is put down to the disk. */
const START_ROOM_BYTES = 16 * MiB;

/**
 * Why the database could not be opened, in words, when the cause is a full disk (PGlite's own error only
 * says it "failed to initialize properly"); undefined when it is something else.
 */
export async function fullDiskAtStart(error: unknown, dataDir: string | undefined): Promise<string | undefined> {
  const freeBytes = dataDir === undefined ? undefined : await freeBytesOnDisk(dataDir).catch(() => undefined);
  const full = isDiskFull(error) || (freeBytes !== undefined && freeBytes < START_ROOM_BYTES);
  if (!full) return undefined;
  if (dataDir === undefined)
    return "Cannot start: PostgreSQL's disk is full (it answered disk_full). Free space on its disk, then start again.";
  const room = freeBytes === undefined ? '' : ` (${megabytes(freeBytes)} free)`;
  return `Cannot open the embedded database in ${dataDir}: its disk is full${room}. Free space on that disk, then start again; nothing stored was lost.`;
}
