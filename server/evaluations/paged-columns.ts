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

  /** Whether the id at `page` and `offset` has the bytes of `source` from `start` to `end`. */
  equals(page: number, offset: number, source: Buffer, start: number, end: number): boolean {
    const bytes = this.pages[page];
    const length = end - start;
    if (bytes[offset + length] !== 0) return false;
    for (let i = 0; i < length; i++) if (bytes[offset + i] !== source[start + i]) return false;
    return true;
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

/**
 * The ids of one query's stretch of results given as bytes, found again by a hash of their bytes without a
 * string made of each: an open-addressing table of where each id lies in an IdColumn, and its row.
 */
export class ByteIdSet {
  private static readonly INITIAL = 256;
  private capacity = ByteIdSet.INITIAL;
  /** Per slot: the id's hash (its slot is free when `rows` holds 0), page, offset and row. */
  private hashes = new Int32Array(this.capacity);
  private pages = new Int32Array(this.capacity);
  private offsets = new Int32Array(this.capacity);
  private rows = new Int32Array(this.capacity);
  private size = 0;

  constructor(private readonly ids: IdColumn) {}

  /** The row of the id with these bytes, or -1; remembers `row` for them when there is none. */
  rowOrAdd(source: Buffer, start: number, end: number, row: number, page: number, offset: number): number {
    let hash = 0x811c9dc5;
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ source[i], 0x01000193);
    const mask = this.capacity - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      if (this.rows[slot] === 0) {
        this.hashes[slot] = hash;
        this.pages[slot] = page;
        this.offsets[slot] = offset;
        this.rows[slot] = row;
        if (++this.size * 2 > this.capacity) this.grow();
        return -1;
      }
      if (this.hashes[slot] === hash && this.ids.equals(this.pages[slot], this.offsets[slot], source, start, end)) return this.rows[slot];
    }
  }

  /** Forgets every id; a table grown for a long stretch is dropped, so that clearing stays cheap. */
  clear(): void {
    if (this.size === 0) return;
    this.size = 0;
    if (this.capacity === ByteIdSet.INITIAL) return void this.rows.fill(0);
    this.capacity = ByteIdSet.INITIAL;
    this.hashes = new Int32Array(this.capacity);
    this.pages = new Int32Array(this.capacity);
    this.offsets = new Int32Array(this.capacity);
    this.rows = new Int32Array(this.capacity);
  }

  private grow(): void {
    const { hashes, pages, offsets, rows } = this;
    this.capacity *= 2;
    this.hashes = new Int32Array(this.capacity);
    this.pages = new Int32Array(this.capacity);
    this.offsets = new Int32Array(this.capacity);
    this.rows = new Int32Array(this.capacity);
    const mask = this.capacity - 1;
    for (let from = 0; from < rows.length; from++) {
      if (rows[from] === 0) continue;
      let slot = hashes[from] & mask;
      while (this.rows[slot] !== 0) slot = (slot + 1) & mask;
      this.hashes[slot] = hashes[from];
      this.pages[slot] = pages[from];
      this.offsets[slot] = offsets[from];
      this.rows[slot] = rows[from];
    }
  }
}
