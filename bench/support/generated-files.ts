/** What the benches that generate large files share: a seeded generator and a file written a MiB at a time. */
import { closeSync, openSync, writeSync } from 'node:fs';

/** mulberry32: the same numbers from the same seed on every machine, uniform in [0, 1). */
export function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A new file written in chunks of about a MiB: millions of lines without a write each. */
export class FileWriter {
  private chunk = '';
  private readonly fd: number;
  constructor(file: string) {
    this.fd = openSync(file, 'w');
  }
  write(text: string) {
    this.chunk += text;
    if (this.chunk.length > 1 << 20) this.flush();
  }
  close() {
    this.flush();
    closeSync(this.fd);
  }
  private flush() {
    writeSync(this.fd, this.chunk);
    this.chunk = '';
  }
}
