/**
 * The reader loop every importer shares: an uploaded file's bytes a chunk at a time, refused once it
 * goes past the upload limit, and the rest of the upload drained when reading stops early.
 */
import type { Readable } from 'node:stream';

/** The file went past the upload limit; nothing was written. */
export class UploadTooLargeError extends Error {
  constructor() {
    super('The file is larger than the upload limit');
  }
}

/**
 * Reads a busboy file stream, which emits 'limit' and ends early (marked `truncated`) when the file is
 * larger than the upload limit; any other Readable works too.
 */
export class UploadReader implements AsyncIterable<Buffer> {
  private tooLarge = false;
  private readonly onLimit = () => (this.tooLarge = true);
  // Not destroyed when reading stops early: close() drains the rest.
  private readonly chunks: AsyncIterator<Buffer>;

  constructor(private readonly source: Readable) {
    source.on('limit', this.onLimit);
    this.chunks = source.iterator({ destroyOnReturn: false })[Symbol.asyncIterator]();
  }

  /** The next chunk, or undefined at the end; throws UploadTooLargeError once the file went past the limit. */
  async next(): Promise<Buffer | undefined> {
    const chunk = await this.chunks.next();
    if (this.tooLarge || (chunk.done && (this.source as { truncated?: boolean }).truncated)) throw new UploadTooLargeError();
    return chunk.done ? undefined : chunk.value;
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Buffer> {
    for (let chunk = await this.next(); chunk !== undefined; chunk = await this.next()) yield chunk;
  }

  /** Reads the rest of the upload, if any, so the client gets the answer rather than a reset. */
  async close(): Promise<void> {
    this.source.off('limit', this.onLimit);
    await this.chunks.return?.();
    this.source.resume();
  }
}

/** Runs `read` over the upload and drains what it left unread, whatever happens. */
export async function readUpload<T>(source: Readable, read: (upload: UploadReader) => Promise<T>): Promise<T> {
  const upload = new UploadReader(source);
  try {
    return await read(upload);
  } finally {
    await upload.close();
  }
}
