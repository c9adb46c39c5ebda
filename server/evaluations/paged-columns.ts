/**
 * Columns of numbers and of product ids that grow a page at a time: ten million results cost their bytes
 * and a few typed-array slots each, never a JavaScript string or object each, and growing never copies
 * what is there (doubling one big array would briefly need three times its size).
 */
const PAGE_BITS = 16;
const PAGE = 1 << PAGE_BITS;
const MASK = PAGE - 1;

export class Float64Column {
  private readonly pages: Float64Array[] = [];
  length = 0;

  push(value: number): void {
    const page = this.length >>> PAGE_BITS;
    if (page === this.pages.length) this.pages.push(new Float64Array(PAGE));
    this.pages[page][this.length & MASK] = value;
    this.length++;
  }

  get(index: number): number {
    return this.pages[index >>> PAGE_BITS][index & MASK];
  }
}

export class Int32Column {
  private readonly pages: Int32Array[] = [];
  length = 0;

  push(value: number): void {
    const page = this.length >>> PAGE_BITS;
    if (page === this.pages.length) this.pages.push(new Int32Array(PAGE));
    this.pages[page][this.length & MASK] = value;
    this.length++;
  }

  get(index: number): number {
    return this.pages[index >>> PAGE_BITS][index & MASK];
  }

  set(index: number, value: number): void {
    this.pages[index >>> PAGE_BITS][index & MASK] = value;
  }
}

interface IdPage {
  /** The UTF-8 bytes of the page's ids, one after the other. */
  bytes: Buffer;
  used: number;
  /** Where each id's bytes end in `bytes`; the previous id's end is where it starts. */
  ends: Uint32Array;
}

/** Product ids kept as their UTF-8 bytes, a page of PAGE ids sharing one buffer. */
export class IdColumn {
  private readonly pages: IdPage[] = [];
  length = 0;

  /** Appends an id given as bytes (`source` from `start` to `end`). */
  pushBytes(source: Buffer, start: number, end: number): void {
    const page = this.room(end - start);
    page.used += source.copy(page.bytes, page.used, start, end);
    page.ends[this.length++ & MASK] = page.used;
  }

  pushText(text: string): void {
    const page = this.room(text.length * 3);
    page.used += page.bytes.write(text, page.used);
    page.ends[this.length++ & MASK] = page.used;
  }

  text(index: number): string {
    const page = this.pages[index >>> PAGE_BITS];
    const slot = index & MASK;
    return page.bytes.toString('utf8', slot === 0 ? 0 : page.ends[slot - 1], page.ends[slot]);
  }

  /** A page with room for `bytes` more bytes; a new page every PAGE ids. */
  private room(bytes: number): IdPage {
    const index = this.length >>> PAGE_BITS;
    if (index === this.pages.length) {
      // The full page gives back its slack: its ids are all there.
      const full = this.pages[index - 1];
      if (full !== undefined) full.bytes = Buffer.from(full.bytes.subarray(0, full.used));
      this.pages.push({ bytes: Buffer.allocUnsafe(Math.max(1 << 16, bytes)), used: 0, ends: new Uint32Array(PAGE) });
    }
    const page = this.pages[index];
    if (page.used + bytes > page.bytes.length) {
      const bigger = Buffer.allocUnsafe(Math.max(page.bytes.length * 2, page.used + bytes));
      page.bytes.copy(bigger, 0, 0, page.used);
      page.bytes = bigger;
    }
    return page;
  }
}
