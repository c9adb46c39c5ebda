/**
 * Uploads land on disk before any transaction starts: a slow or stalled client then holds no database
 * connection and no lock, and one that stops sending for `idleSeconds` is cut off with nothing written.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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
 * Copies the upload to a private temporary file, then runs `work` over that file; the file is removed
 * whatever happens. A busboy file stream cut at the upload limit ('limit', `truncated`) fails here, before
 * `work` runs.
 */
export async function withSpooledUpload<T>(
  source: Readable & { truncated?: boolean },
  idleSeconds: number,
  work: (file: Readable) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'upload-'));
  let tooLarge = false;
  const onLimit = () => (tooLarge = true);
  source.on('limit', onLimit);
  try {
    const path = join(dir, 'file');
    await pipeline(source, idleGuard(idleSeconds), createWriteStream(path, { mode: 0o600 }));
    if (tooLarge || source.truncated) throw new UploadTooLargeError();
    const file = createReadStream(path);
    try {
      return await work(file);
    } finally {
      file.destroy();
    }
  } finally {
    source.off('limit', onLimit);
    await rm(dir, { recursive: true, force: true });
  }
}
