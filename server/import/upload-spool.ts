/**
 * Uploads land on disk before any transaction starts: a slow or stalled client then holds no database
 * connection and no lock, and one that stops sending for `idleSeconds` is cut off with nothing written.
 * They land in the data folder, one subfolder per server process, not in the system's temporary folder:
 * a server killed mid-upload leaves its copies where the next start finds and removes them.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import { pipeline } from 'node:stream';
import { UploadTooLargeError } from './upload-reader';

/** The client sent nothing for `idleSeconds`; the upload was stopped and nothing was written. */
export class UploadIdleError extends Error {
  constructor(readonly idleSeconds: number) {
    super(`No data arrived for ${idleSeconds} seconds`);
  }
}

/** Passes chunks through; fails the stream when none arrives for `idleSeconds`. */
function idleGuard(idleSeconds: number): Transform {
  const guard: Transform = new Transform({
    transform(chunk, _encoding, done) {
      timer.refresh();
      done(null, chunk);
    },
    flush(done) {
      clearTimeout(timer);
      done();
    },
    destroy(error, done) {
      clearTimeout(timer);
      done(error);
    },
  });
  const timer = setTimeout(() => guard.destroy(new UploadIdleError(idleSeconds)), idleSeconds * 1000);
  return guard;
}

/**
 * The upload as it arrives, failing with UploadIdleError once nothing came for `idleSeconds`: for a reader
 * that holds no connection while the client sends, so needs no spool. The upload limit's 'limit' event and
 * `truncated` mark pass through, so UploadReader still refuses a file cut at the limit.
 */
export function idleCutOff(source: Readable & { truncated?: boolean }, idleSeconds: number): Readable & { truncated?: boolean } {
  const guard: Transform & { truncated?: boolean } = idleGuard(idleSeconds);
  source.once('limit', () => guard.emit('limit'));
  source.once('end', () => (guard.truncated = source.truncated));
  return pipeline(source, guard, () => undefined) as typeof guard;
}

/** Where this process spools its uploads under `root` (the data folder's `upload-spool`). */
export const processSpool = (root: string) => join(root, String(process.pid));

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
};

/**
 * At start: removes the spools of processes that are gone (and any this process's id held before, as a
 * restarted container's server has the same id each time); what it removed.
 */
export async function clearStaleSpools(root: string): Promise<string[]> {
  const names = await readdir(root).catch((error: { code?: string }) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const stale = names.filter((name) => {
    const pid = Number(name);
    return !/^\d+$/.test(name) || pid === process.pid || !isRunning(pid);
  });
  for (const name of stale) await rm(join(root, name), { recursive: true, force: true });
  return stale;
}

export interface SpoolSettings {
  /** This process's spool folder (`processSpool`). */
  folder: string;
  idleSeconds: number;
}

/**
 * Copies the upload to a private file in the spool, then runs `work` over that file and its size; the file
 * is removed whatever happens. A busboy file stream cut at the upload limit ('limit', `truncated`) fails
 * here, before `work` runs.
 */
export async function withSpooledUpload<T>(
  source: Readable & { truncated?: boolean },
  { folder, idleSeconds }: SpoolSettings,
  work: (file: Readable, bytes: number) => Promise<T>,
): Promise<T> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const dir = await mkdtemp(join(folder, 'upload-'));
  let tooLarge = false;
  const onLimit = () => (tooLarge = true);
  source.on('limit', onLimit);
  try {
    const path = join(dir, 'file');
    await pipelineAsync(source, idleGuard(idleSeconds), createWriteStream(path, { mode: 0o600 }));
    if (tooLarge || source.truncated) throw new UploadTooLargeError();
    const { size } = await stat(path);
    const file = createReadStream(path);
    try {
      return await work(file, size);
    } finally {
      file.destroy();
    }
  } finally {
    source.off('limit', onLimit);
    await rm(dir, { recursive: true, force: true });
  }
}
