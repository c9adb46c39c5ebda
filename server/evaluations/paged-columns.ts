/**
 * Columns of numbers and of product ids that grow a page at a time: ten million results cost their bytes
 * and a typed-array slot or two each, never a JavaScript string or object each, and growing never copies
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

const ID_PAGE_BYTES = 1 << 20;

/**
 * Product ids kept as their UTF-8 bytes, each ended by a 0 byte (ids never hold U+0000: it cannot be
 * stored), in pages of a MiB: no offsets are kept, as ids are only ever read a block at a time, from the
 * place of the block's first id on.
 */
export class IdColumn {
  private readonly pages: Buffer[] = [];
  /** Bytes used in each page. */
  private readonly used: number[] = [];
  length = 0;
  /** The page and offset of the last id pushed. */
  lastPage = -1;
  lastOffset = 0;

  constructor(private readonly pageBytes = ID_PAGE_BYTES) {}

  /** Appends an id given as bytes (`source` from `start` to `end`). */
  pushBytes(source: Buffer, start: number, end: number): void {
    const page = this.room(end - start + 1);
    const offset = this.used[this.lastPage];
    // Ids are short: a loop beats Buffer.copy's call.
    for (let i = start, to = offset; i < end; i++, to++) page[to] = source[i];
    this.ended(page, offset + end - start);
  }

  pushText(text: string): void {
    const page = this.room(text.length * 3 + 1);
    const offset = this.used[this.lastPage];
    // Most ids are short ASCII: written by a loop, which beats Buffer.write's call.
    let i = 0;
    for (let c = 0; i < text.length && (c = text.charCodeAt(i)) < 0x80; i++) page[offset + i] = c;
    this.ended(page, i === text.length ? offset + i : offset + page.write(text, offset));
  }

  /** Calls `visit` with `count` ids from the one at `page` and `offset` on. */
  forEach(page: number, offset: number, count: number, visit: (id: string, i: number) => void): void {
    let bytes = this.pages[page];
    let at = offset;
    for (let i = 0; i < count; i++) {
      if (at >= this.used[page]) {
        bytes = this.pages[++page];
        at = 0;
      }
      const end = bytes.indexOf(0, at);
      visit(bytes.toString('utf8', at, end), i);
      at = end + 1;
    }
  }

  private ended(page: Buffer, end: number): void {
    this.lastOffset = this.used[this.lastPage];
    page[end] = 0;
    this.used[this.lastPage] = end + 1;
    this.length++;
  }

  /** The page the next id goes in, with room for `bytes` (a new page when the last has too little). */
  private room(bytes: number): Buffer {
    if (this.lastPage === -1 || this.used[this.lastPage] + bytes > this.pages[this.lastPage].length) {
      this.pages.push(Buffer.allocUnsafe(Math.max(this.pageBytes, bytes)));
      this.used.push(0);
      this.lastPage = this.pages.length - 1;
    }
    return this.pages[this.lastPage];
  }
}
