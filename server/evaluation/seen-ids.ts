/**
 * The ids already seen in one query's lines, to refuse one retrieved twice. A run of a million lines
 * per ten thousand queries would clear and regrow a Set for every query; this table is emptied by
 * moving to the next generation instead, and hashes the id's bytes rather than a new string.
 */
import { hashBytes } from './trec-lines';

export class SeenIds {
  private ids: string[] = new Array<string>(256).fill('');
  private stamps = new Int32Array(256);
  private generation = 1;
  private size = 0;

  /** Forgets every id. */
  clear(): void {
    this.generation++;
    this.size = 0;
  }

  /** Adds the id whose bytes are buffer[start, end); false if it was already there. */
  add(id: string, buffer: Buffer, start: number, end: number): boolean {
    if (this.size * 2 >= this.ids.length) this.grow();
    const mask = this.ids.length - 1;
    let slot = hashBytes(buffer, start, end) & mask;
    while (this.stamps[slot] === this.generation) {
      if (this.ids[slot] === id) return false;
      slot = (slot + 1) & mask;
    }
    this.stamps[slot] = this.generation;
    this.ids[slot] = id;
    this.size++;
    return true;
  }

  private grow(): void {
    const { ids, stamps, generation } = this;
    this.ids = new Array<string>(ids.length * 2).fill('');
    this.stamps = new Int32Array(ids.length * 2);
    const mask = this.ids.length - 1;
    for (let i = 0; i < ids.length; i++) {
      if (stamps[i] !== generation) continue;
      const bytes = Buffer.from(ids[i], 'latin1');
      let slot = hashBytes(bytes, 0, bytes.length) & mask;
      while (this.stamps[slot] === generation) slot = (slot + 1) & mask;
      this.stamps[slot] = generation;
      this.ids[slot] = ids[i];
    }
  }
}
