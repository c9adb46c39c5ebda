/**
 * Text for PostgreSQL's `COPY ... FROM ... WITH (FORMAT csv)`: fields separated by commas, lines by
 * '\n', `"` quoting with `""` inside; an empty unquoted field is NULL, so an empty string is `""`.
 */

const needsQuotes = /[",\r\n]/;

export function copyField(value: string | null): string {
  if (value === null) return '';
  if (value === '') return '""';
  return needsQuotes.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One COPY line of fields. */
export function copyLine(fields: readonly (string | null)[]): string {
  let line = copyField(fields[0]);
  for (let i = 1; i < fields.length; i++) line += `,${copyField(fields[i])}`;
  return `${line}\n`;
}

/**
 * Accumulates COPY text as UTF-8 bytes in one reusable buffer: a chunk's thousands of lines then cost
 * the garbage collector nothing while they wait (kept as strings, they would be copied and promoted).
 */
export class CopyBuffer {
  private bytes: Buffer;
  private length = 0;

  constructor(initialBytes = 1 << 20) {
    this.bytes = Buffer.allocUnsafe(initialBytes);
  }

  get byteLength(): number {
    return this.length;
  }

  append(text: string): void {
    // UTF-8 needs at most 3 bytes per UTF-16 code unit.
    if (this.length + text.length * 3 > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.length + text.length * 3));
      this.bytes.copy(grown, 0, 0, this.length);
      this.bytes = grown;
    }
    this.length += this.bytes.write(text, this.length);
  }

  /** The text so far; empties the buffer for reuse. */
  take(): string {
    const text = this.bytes.toString('utf8', 0, this.length);
    this.length = 0;
    return text;
  }
}
