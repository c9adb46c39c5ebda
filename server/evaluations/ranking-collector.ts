/**
 * What every ranking-file format shares: results are collected query by query (a query may come back
 * later in the file: its results are grouped), checked, and only once the whole file is read and found
 * free of problems can its rankings be had. Memory stays lean for ten million results: ids are kept as
 * bytes in paged columns, and results lie in file order in "blocks" (a stretch of one query's results on
 * consecutive lines, or on one line), so a result's line is its block's first line plus its offset.
 */
import { trecOrder } from '../evaluation/trec-files';
import { rejection, type ImportRejectedError, type FileWording, type RowProblem } from '../import/import-problems';
import { MAX_PROBLEMS } from '../schemas/limits';
import { ByteIdSet, Float64Column, IdColumn, Int32Column } from './paged-columns';

/** One query's ranking, best first. */
export interface QueryRanking {
  /** The query's text as the file first gives it. */
  query: string;
  /** The key golden-set judgements are stored under (queryKey): queries with the same key are one. */
  queryKey: string;
  ranking: string[];
}

/** How a format names the place of a result: its line and field. */
export interface ResultPlaces {
  wording: FileWording;
  /** 1 when each result has a line (or row) of its own, 0 when one line holds a query's results. */
  step: 0 | 1;
  /** The field of the block's `offset`-th result's product id, its score and its rank. */
  idField(offset: number): string;
  scoreField(offset: number): string;
  rankField: string;
  /** What a result without a score is told when others of its query have one. */
  noScore: string;
}

interface QueryEntry {
  query: string;
  key: string;
  firstBlock: number;
  lastBlock: number;
  results: number;
  scored: number;
  /** The query came back after others: its blocks are checked against each other once the file is read. */
  reopened: boolean;
  /** The first result without a score: a problem if another result of the query has one. */
  unscored?: { row: number; field: string };
}

export class RankingCollector {
  private readonly ids = new IdColumn();
  private readonly scores = new Float64Column();
  private readonly ranks: Int32Column | undefined;
  private readonly blockStart = new Int32Column();
  private readonly blockLine = new Int32Column();
  /** Where the block's first id lies in `ids`. */
  private readonly blockIdPage = new Int32Column();
  private readonly blockIdOffset = new Int32Column();
  /** The next block of the same query, or -1. */
  private readonly blockNext = new Int32Column();
  /** Blocks of one query with nothing between them share a run number; duplicates within a run are found as they come. */
  private readonly blockRun = new Int32Column();
  private readonly queries = new Map<string, QueryEntry>();
  private readonly problems: RowProblem[] = [];
  private current: QueryEntry | undefined;
  private runs = 0;
  /** The line the current block's next result must be on to belong to it; -1 starts a new block. */
  private nextLine = -1;
  /** Product ids of the current run (as their duplicate key) and their rows. */
  private readonly seen = new Map<string, number>();
  /** The same for ids given as bytes. */
  private readonly seenBytes = new ByteIdSet(this.ids);

  constructor(
    private readonly places: ResultPlaces,
    withRanks: boolean,
  ) {
    this.ranks = withRanks ? new Int32Column() : undefined;
  }

  get problemCount(): number {
    return this.problems.length;
  }

  /** Records a problem; once MAX_PROBLEMS are found, the file is refused at once. */
  problem(row: number, column: string | null, problem: string): void {
    this.problems.push({ row, column, problem });
    if (this.problems.length >= MAX_PROBLEMS) throw this.rejection();
  }

  /** The query the next results belong to; `key` is its queryKey. */
  setQuery(query: string, key: string): void {
    if (this.current?.key === key) return;
    let entry = this.queries.get(key);
    if (entry === undefined) {
      entry = { query, key, firstBlock: -1, lastBlock: -1, results: 0, scored: 0, reopened: false };
      this.queries.set(key, entry);
    } else entry.reopened = true;
    this.current = entry;
    this.runs++;
    this.nextLine = -1;
    this.seen.clear();
    this.seenBytes.clear();
  }

  /** The current query's results are interrupted (a blank line, a line with problems): the next one starts a block. */
  breakBlock(): void {
    this.nextLine = -1;
  }

  /**
   * Adds a result of the current query: its id as text (`id`) or as UTF-8 bytes (`bytes`, from `start` to
   * `end`); score NaN for none, rank 0 for none. A product already ranked for the query is a problem but
   * is kept, so the places of the results after it hold.
   */
  add(line: number, id: string | Buffer, score: number, rank: number, start = 0, end = 0): void {
    const entry = this.current!;
    if (line !== this.nextLine) this.startBlock(entry, line);
    const block = this.blockStart.length - 1;
    const offset = this.ids.length - this.blockStart.get(block);
    let earlier: number | undefined;
    if (typeof id === 'string') {
      earlier = this.seen.get(id);
      if (earlier === undefined) this.seen.set(id, line);
      this.ids.pushText(id);
    } else {
      this.ids.pushBytes(id, start, end);
      const row = this.seenBytes.rowOrAdd(id, start, end, line, this.ids.lastPage, this.ids.lastOffset);
      if (row !== -1) earlier = row;
    }
    if (earlier !== undefined) this.problem(line, this.places.idField(offset), this.duplicate(entry, earlier));
    if (offset === 0) {
      this.blockIdPage.set(block, this.ids.lastPage);
      this.blockIdOffset.set(block, this.ids.lastOffset);
    }
    this.scores.push(score);
    this.ranks?.push(rank);
    entry.results++;
    if (Number.isNaN(score)) entry.unscored ??= { row: line, field: this.places.scoreField(offset) };
    else entry.scored++;
    this.nextLine = line + this.places.step;
  }

  private startBlock(entry: QueryEntry, line: number): void {
    const block = this.blockStart.length;
    this.blockStart.push(this.ids.length);
    this.blockLine.push(line);
    this.blockIdPage.push(0);
    this.blockIdOffset.push(0);
    this.blockNext.push(-1);
    this.blockRun.push(this.runs);
    if (entry.lastBlock === -1) entry.firstBlock = block;
    else this.blockNext.set(entry.lastBlock, block);
    entry.lastBlock = block;
  }

  private duplicate(entry: QueryEntry, earlierRow: number): string {
    const { unit } = this.places.wording;
    return `is a product already ranked for the query "${shown(entry.query)}" on ${unit} ${earlierRow}: a ranking lists each product once`;
  }

  /**
   * The checks that need the whole file (duplicates across a query's scattered blocks, scores on all or
   * none of a query's results, ranks given twice), then the rankings; throws the file's ImportRejectedError
   * if it has any problem.
   */
  finish(): RankingFile {
    if (this.queries.size === 0 && this.problems.length === 0) {
      const { wording } = this.places;
      this.problem(1, null, `the file has no rankings: it needs at least one ${wording.unit} with a query and a product id`);
    }
    for (const entry of this.queries.values()) {
      if (entry.unscored !== undefined && entry.scored > 0) {
        this.problem(
          entry.unscored.row,
          entry.unscored.field,
          `${this.places.noScore} "${shown(entry.query)}" have one (give all or none a score)`,
        );
      }
      if (entry.reopened) this.checkScattered(entry);
      if (this.ranks !== undefined && entry.scored === 0) this.checkRanks(entry);
    }
    if (this.problems.length > 0) throw this.rejection();
    return new RankingFile(this.queries, (entry, limit) => this.rankingOf(entry, limit), this.ids.length);
  }

  /** The file's refusal, with the problems found so far in line order. */
  rejection(): ImportRejectedError {
    const sorted = [...this.problems].sort((a, b) => a.row - b.row);
    return rejection(sorted, this.places.wording);
  }

  /** Calls `visit` with each result of the query in file order: its index, product id, row and offset in its block. */
  private forEachResult(entry: QueryEntry, visit: (index: number, id: string, row: number, offset: number, block: number) => void): void {
    const { step } = this.places;
    for (let block = entry.firstBlock; block !== -1; block = this.blockNext.get(block)) {
      const start = this.blockStart.get(block);
      const end = this.blockEnd(block);
      const line = this.blockLine.get(block);
      this.ids.forEach(this.blockIdPage.get(block), this.blockIdOffset.get(block), end - start, (id, offset) =>
        visit(start + offset, id, line + offset * step, offset, block),
      );
    }
  }

  /** A product in two runs of a scattered query (duplicates within a run were found as they came). */
  private checkScattered(entry: QueryEntry): void {
    const seen = new Map<string, { row: number; run: number }>();
    this.forEachResult(entry, (_, id, row, offset, block) => {
      const run = this.blockRun.get(block);
      const earlier = seen.get(id);
      if (earlier === undefined) seen.set(id, { row, run });
      else if (earlier.run !== run) this.problem(row, this.places.idField(offset), this.duplicate(entry, earlier.row));
    });
  }

  /** Ordered by rank, a query cannot give one rank to two products. */
  private checkRanks(entry: QueryEntry): void {
    const rowOfRank = new Map<number, number>();
    this.forEachResult(entry, (index, _, row) => {
      const rank = this.ranks!.get(index);
      const earlier = rowOfRank.get(rank);
      if (earlier === undefined) rowOfRank.set(rank, row);
      else {
        this.problem(
          row,
          this.places.rankField,
          `${rank} is also the rank of ${this.places.wording.unit} ${earlier} for the query "${shown(entry.query)}": without scores, ranks order the results, so each must differ`,
        );
      }
    });
  }

  /**
   * The query's ranking, its first `limit` results. Files mostly list a query's results best first: when its
   * numbers alone show that (scores falling, ranks rising, or neither given), only the first `limit` ids are
   * decoded; otherwise all are, and sorted.
   */
  private rankingOf(entry: QueryEntry, limit: number): QueryRanking {
    const scored = entry.scored === entry.results;
    const ranked = !scored && this.ranks !== undefined;
    const column = scored ? this.scores : ranked ? this.ranks! : undefined;
    const ranking = this.inOrder(entry, column, scored) ? this.firstIds(entry, limit) : this.sorted(entry, scored, ranked).slice(0, limit);
    return { query: entry.query, queryKey: entry.key, ranking };
  }

  /** Whether the query's results in file order have strictly falling scores (`falling`) or rising ranks. */
  private inOrder(entry: QueryEntry, column: Float64Column | Int32Column | undefined, falling: boolean): boolean {
    if (column === undefined) return true;
    let previous = falling ? Infinity : -Infinity;
    for (let block = entry.firstBlock; block !== -1; block = this.blockNext.get(block)) {
      const end = this.blockEnd(block);
      for (let index = this.blockStart.get(block); index < end; index++) {
        const value = column.get(index);
        if (falling ? !(value < previous) : !(value > previous)) return false;
        previous = value;
      }
    }
    return true;
  }

  private firstIds(entry: QueryEntry, limit: number): string[] {
    const ids: string[] = [];
    for (let block = entry.firstBlock; block !== -1 && ids.length < limit; block = this.blockNext.get(block)) {
      const count = Math.min(this.blockEnd(block) - this.blockStart.get(block), limit - ids.length);
      this.ids.forEach(this.blockIdPage.get(block), this.blockIdOffset.get(block), count, (id) => ids.push(id));
    }
    return ids;
  }

  private sorted(entry: QueryEntry, scored: boolean, ranked: boolean): string[] {
    const indexes: number[] = [];
    const docids: string[] = [];
    this.forEachResult(entry, (index, id) => {
      indexes.push(index);
      docids.push(id);
    });
    let order: readonly number[];
    if (scored) {
      order = trecOrder(
        docids,
        indexes.map((index) => this.scores.get(index)),
      );
    } else if (ranked) {
      const ranks = indexes.map((index) => this.ranks!.get(index));
      order = docids.map((_, i) => i).sort((a, b) => ranks[a] - ranks[b]);
    } else return docids;
    return order.map((i) => docids[i]);
  }

  private blockEnd(block: number): number {
    return block + 1 < this.blockStart.length ? this.blockStart.get(block + 1) : this.ids.length;
  }
}

/** A file read and found free of problems. */
export class RankingFile {
  constructor(
    private readonly entries: ReadonlyMap<string, QueryEntry>,
    private readonly rankingOf: (entry: QueryEntry, limit: number) => QueryRanking,
    /** Results over all queries. */
    readonly results: number,
  ) {}

  get queries(): number {
    return this.entries.size;
  }

  /** Each query's ranking (its first `limit` results), in the order the queries first appear; each is made as it is asked for. */
  *rankings(limit = Infinity): Generator<QueryRanking> {
    for (const entry of this.entries.values()) yield this.rankingOf(entry, limit);
  }
}

const SLICE_BYTES = 1 << 16;

/**
 * A chunk in slices of 64 KiB: the records or lines read from one slice are garbage soon enough to die
 * young even with the small young generation the server runs with; a MiB's worth would outlive it and
 * cost full collections.
 */
export function* slices(chunk: Buffer): Generator<Buffer> {
  for (let at = 0; at < chunk.length; at += SLICE_BYTES) yield chunk.subarray(at, at + SLICE_BYTES);
}

const shown = (text: string) => (text.length > 60 ? `${text.slice(0, 59)}…` : text);
