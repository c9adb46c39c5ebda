/**
 * Shares of a TREC file's queries, for threads that read the same files side by side: each query
 * belongs to one share, picked by a hash of its id's bytes, so a thread scores its own queries whole
 * and passes over every other line after reading only its first field.
 */
import { fieldEnd, firstFieldStart, hashBytes, sameBytes } from './trec-lines';

export interface QueryShare {
  index: number;
  count: number;
}

export class ShareFilter {
  // A query's lines usually follow each other: most lines compare bytes with the last id and hash nothing.
  private last = Buffer.alloc(0);
  private lastOwned: boolean;

  constructor(private readonly share: QueryShare) {
    this.lastOwned = hashBytes(this.last, 0, 0) % share.count === share.index;
  }

  /** Whether the line's query is in this share (a blank line's empty id is in one share, which skips it). */
  owns(buffer: Buffer, start: number, end: number): boolean {
    const first = firstFieldStart(buffer, start, end);
    const stop = fieldEnd(buffer, first, end);
    if (!sameBytes(this.last, buffer, first, stop)) {
      this.last = Buffer.from(buffer.subarray(first, stop));
      this.lastOwned = hashBytes(buffer, first, stop) % this.share.count === this.share.index;
    }
    return this.lastOwned;
  }
}
