/** Lines of an uploaded text file, a chunk of bytes at a time: UTF-8 decoded, a leading BOM dropped. */
import { StringDecoder } from 'node:string_decoder';

export class LineSplitter {
  private readonly decoder = new StringDecoder('utf8');
  /** Decoded text of the line not finished yet. */
  private rest = '';
  private started = false;

  /** @param breaks what ends a line: LF, CRLF or CR by default */
  constructor(private readonly breaks: 'any' | 'lf' = 'any') {}

  /** The lines the chunk finishes. */
  push(bytes: Uint8Array): string[] {
    return this.split(this.decoder.write(bytes as Buffer), false);
  }

  /** The last line, if the file does not end with a line break. */
  end(): string[] {
    return this.split(this.decoder.end(), true);
  }

  /** Characters of the line not finished yet: a line that never ends is refused by the caller. */
  get unfinishedLength(): number {
    return this.rest.length;
  }

  private split(decoded: string, final: boolean): string[] {
    if (!this.started && decoded.length > 0) {
      this.started = true;
      if (decoded.charCodeAt(0) === 0xfeff) decoded = decoded.slice(1);
    }
    const text = this.rest + decoded;
    const lines = text.split(this.breaks === 'any' ? /\r\n|\n|\r/ : '\n');
    this.rest = lines.pop()!;
    // A CR at the very end may be half of a CRLF: keep it with the unfinished line.
    if (!final && this.breaks === 'any' && text.endsWith('\r')) this.rest = `${lines.pop() ?? ''}\r`;
    if (final && this.rest !== '') lines.push(this.rest);
    if (final) this.rest = '';
    return lines;
  }
}
