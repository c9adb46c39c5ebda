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
    detail: string,
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
    let buffer = Buffer.allocUnsafe(chunkSize);
    let filled = 0;
    let lineNumber = 0;
    for (;;) {
      if (filled === buffer.length) {
        // A line longer than the buffer: grow it rather than split the line.
        const bigger = Buffer.allocUnsafe(buffer.length * 2);
        buffer.copy(bigger, 0, 0, filled);
        buffer = bigger;
      }
      const read = readSync(fd, buffer, filled, buffer.length - filled, null);
      const end = filled + read;
      let start = 0;
      for (;;) {
        const newline = buffer.indexOf(10, start);
        if (newline === -1 || newline >= end) break;
        onLine(buffer, start, newline, ++lineNumber);
        start = newline + 1;
      }
      if (read === 0) {
        if (start < end) onLine(buffer, start, end, ++lineNumber);
        return;
      }
      buffer.copy(buffer, 0, start, end);
      filled = end - start;
    }
  } finally {
    closeSync(fd);
  }
}

/** Field boundaries of one line; counts every field but stores at most starts.length. */
export function splitFields(buffer: Buffer, start: number, end: number, starts: Int32Array, ends: Int32Array): number {
  let count = 0;
  let i = start;
  while (i < end) {
    while (i < end && isSpace(buffer[i])) i++;
    if (i >= end) break;
    const fieldStart = i;
    while (i < end && !isSpace(buffer[i])) i++;
    if (count < starts.length) {
      starts[count] = fieldStart;
      ends[count] = i;
    }
    count++;
  }
  return count;
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
