/**
 * The lines and fields of TREC files, read as usnistgov/trec_eval reads them, a chunk of bytes at a
 * time so that files of tens of millions of lines fit in bounded memory. Fields are separated by white
 * space; blank lines and lines starting with '#' are skipped. Ids are read as latin1 so that comparing
 * them as JavaScript strings gives trec_eval's byte-wise strcmp order.
 */
import { closeSync, openSync, readSync } from 'node:fs';

export class TrecFormatError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly detail: string,
  ) {
    super(`${file}:${line}: ${detail}`);
    this.name = 'TrecFormatError';
  }
}

const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13);

/** Calls onLine with each line's bytes (without the newline); reads the file in chunks. */
export function forEachLine(
  file: string,
  onLine: (buffer: Buffer, start: number, end: number, lineNumber: number) => void,
  chunkSize = 1 << 20,
): void {
  const fd = openSync(file, 'r');
  try {
    const lines = new ByteLines(onLine, chunkSize);
    const chunk = Buffer.allocUnsafe(chunkSize);
    for (let read = readSync(fd, chunk, 0, chunkSize, null); read > 0; read = readSync(fd, chunk, 0, chunkSize, null)) {
      lines.push(chunk.subarray(0, read));
    }
    lines.end();
  } finally {
    closeSync(fd);
  }
}

/**
 * Lines of bytes split at LF as chunks arrive (a CR before it stays, as white space): whole lines are
 * handed over where they lie in the chunk; only a line cut by the chunk's end is copied, to be finished
 * by the next. onLine must not keep the buffer.
 */
export class ByteLines {
  private rest: Buffer;
  private filled = 0;
  private lineNumber = 0;

  constructor(
    private readonly onLine: (buffer: Buffer, start: number, end: number, lineNumber: number) => void,
    initialLineBytes = 1 << 16,
  ) {
    this.rest = Buffer.allocUnsafe(initialLineBytes);
  }

  /** Bytes of the line not finished yet: a line that never ends is refused by the caller. */
  get unfinishedLength(): number {
    return this.filled;
  }

  /** Lines handed over so far. */
  get lineCount(): number {
    return this.lineNumber;
  }

  push(chunk: Buffer): void {
    let start = 0;
    if (this.filled > 0) {
      const newline = chunk.indexOf(10);
      if (newline === -1) {
        this.keep(chunk);
        return;
      }
      this.keep(chunk.subarray(0, newline));
      start = newline + 1;
      this.end();
    }
    for (let newline = chunk.indexOf(10, start); newline !== -1; newline = chunk.indexOf(10, start)) {
      this.onLine(chunk, start, newline, ++this.lineNumber);
      start = newline + 1;
    }
    if (start < chunk.length) this.keep(chunk.subarray(start));
  }

  /** The last line, if the input did not end with a newline. */
  end(): void {
    if (this.filled === 0) return;
    const length = this.filled;
    this.filled = 0;
    this.onLine(this.rest, 0, length, ++this.lineNumber);
  }

  private keep(bytes: Buffer): void {
    if (this.filled + bytes.length > this.rest.length) {
      // A line longer than the buffer: grow it rather than split the line.
      const bigger = Buffer.allocUnsafe(Math.max(this.rest.length * 2, this.filled + bytes.length));
      this.rest.copy(bigger, 0, 0, this.filled);
      this.rest = bigger;
    }
    this.filled += bytes.copy(this.rest, this.filled);
  }
}

/**
 * Field boundaries of one line; counts every field but stores at most starts.length. With `enough`, it
 * stops at the start of field number starts.length and returns that count, leaving that field's end
 * unset: a run line's tag is never read, so it is never scanned.
 */
export function splitFields(buffer: Buffer, start: number, end: number, starts: Int32Array, ends: Int32Array, enough = false): number {
  let count = 0;
  let i = start;
  while (i < end) {
    while (i < end && isSpace(buffer[i])) i++;
    if (i >= end) break;
    const fieldStart = i;
    if (enough && count === starts.length - 1) {
      starts[count] = fieldStart;
      return starts.length;
    }
    while (i < end && !isSpace(buffer[i])) i++;
    if (count < starts.length) {
      starts[count] = fieldStart;
      ends[count] = i;
    }
    count++;
  }
  return count;
}

/** Whether buffer[start, end) holds exactly these bytes: compares a line's id with the last one's without making a string. */
export function sameBytes(bytes: Buffer, buffer: Buffer, start: number, end: number): boolean {
  if (bytes.length !== end - start) return false;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] !== buffer[start + i]) return false;
  return true;
}

/** FNV-1a over buffer[start, end): a hash of an id's bytes without making a string. */
export function hashBytes(buffer: Buffer, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ buffer[i], 0x01000193);
  return hash >>> 0;
}

/** Where the field starting at `start` ends. */
export function fieldEnd(buffer: Buffer, start: number, end: number): number {
  let i = start;
  while (i < end && !isSpace(buffer[i])) i++;
  return i;
}

/** Where a line's first field starts: `end` for a blank line. */
export function firstFieldStart(buffer: Buffer, start: number, end: number): number {
  let i = start;
  while (i < end && isSpace(buffer[i])) i++;
  return i;
}

export const isSkipped = (buffer: Buffer, start: number, end: number) => {
  let i = start;
  while (i < end && isSpace(buffer[i])) i++;
  return i === end || buffer[i] === 35; // '#'
};

const POWERS_OF_TEN = Array.from({ length: 23 }, (_, i) => 10 ** i);

/** A decimal number; exact (one correctly rounded division) for up to 15 digits, else parseFloat. */
export function parseScore(buffer: Buffer, start: number, end: number): number {
  let i = start;
  let negative = false;
  if (buffer[i] === 45 || buffer[i] === 43) negative = buffer[i++] === 45;
  let mantissa = 0;
  let digits = 0;
  let fraction = 0;
  let seenPoint = false;
  for (; i < end; i++) {
    const c = buffer[i];
    if (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      if (seenPoint) fraction++;
    } else if (c === 46 && !seenPoint) {
      seenPoint = true;
    } else {
      break;
    }
  }
  if (i === end && digits > 0 && digits <= 15) {
    const value = fraction === 0 ? mantissa : mantissa / POWERS_OF_TEN[fraction];
    return negative ? -value : value;
  }
  return Number(buffer.toString('latin1', start, end)); // exponents, long numbers, garbage (NaN)
}

export function parseGrade(buffer: Buffer, start: number, end: number): number {
  let i = start;
  let negative = false;
  if (buffer[i] === 45 || buffer[i] === 43) negative = buffer[i++] === 45;
  if (i === end) return Number.NaN;
  let value = 0;
  for (; i < end; i++) {
    const c = buffer[i];
    if (c < 48 || c > 57) return Number.NaN;
    value = value * 10 + (c - 48);
  }
  return negative ? -value : value;
}
