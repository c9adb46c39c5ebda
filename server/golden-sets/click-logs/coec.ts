/**
 * Clicks over expected clicks (COEC) from a click log, as pure functions.
 *
 * Per position r over the whole log, CTR_r = clicks_r / impressions_r. A (query, product) pair shown
 * n_r times at position r expects Σ_r n_r · CTR_r clicks; its COEC is its clicks over that. Every
 * impression counts at the position it was shown, and every position up to the deepest is kept: a
 * product clicked often at position 9 beats one clicked as often as anything at position 1.
 *
 * The prior: an additive (Beta-style) prior of `m` expected clicks at COEC 1, so
 * coec = (clicks + m) / (expected + m). A pair seen little stays near 1 (average), and one lucky
 * click on a rarely shown product cannot top the list; a pair seen a lot keeps its own ratio.
 */
import { queryKey } from '../../evaluation/query-key';

interface ClickCount {
  impressions: number;
  clicks: number;
}

interface PairTally {
  query: string;
  productId: string;
  /** Position → what the pair got there. */
  byPosition: Map<number, ClickCount>;
}

/**
 * A log's impressions and clicks per (query, product, position): memory grows with the distinct
 * pairs and their positions, never with the events. Queries are matched on their key (case and spaces aside)
 * and named as first seen.
 */
export class ClickTally {
  /**
   * Query key → the query as first seen (every pair of a query is named alike, and shares the text) and its
   * products' tallies: two lookups of strings the log already holds, where one key joined per event would be
   * a new string to build and hash each time.
   */
  private readonly queries = new Map<string, { named: string; products: Map<string, PairTally> }>();
  /** Query text → its key: a log repeats few texts many times, and looking one up is cheaper than keying it again. */
  private readonly keys = new Map<string, string>();
  private readonly positions = new Map<number, ClickCount>();
  private pairs = 0;

  add(query: string, productId: string, position: number, impressions: number, clicks: number): void {
    let matched = this.keys.get(query);
    if (matched === undefined) this.keys.set(query, (matched = queryKey(query)));
    let named = this.queries.get(matched);
    if (named === undefined) this.queries.set(matched, (named = { named: query, products: new Map() }));
    let pair = named.products.get(productId);
    if (!pair) {
      pair = { query: named.named, productId, byPosition: new Map() };
      named.products.set(productId, pair);
      this.pairs++;
    }
    count(pair.byPosition, position, impressions, clicks);
    count(this.positions, position, impressions, clicks);
  }

  get pairCount(): number {
    return this.pairs;
  }

  /** The log's CTR per position, deepest last. */
  positionRates(): PositionRate[] {
    return [...this.positions.entries()]
      .sort(([a], [b]) => a - b)
      .map(([position, { impressions, clicks }]) => ({ position, impressions, clicks, ctr: impressions > 0 ? clicks / impressions : 0 }));
  }

  /** Each pair's COEC before and after the prior of `priorClicks` expected clicks. */
  coecs(priorClicks: number): PairCoec[] {
    const ctr = new Map(this.positionRates().map((rate) => [rate.position, rate.ctr]));
    const out: PairCoec[] = [];
    for (const { products } of this.queries.values())
      for (const { query, productId, byPosition } of products.values()) {
        let impressions = 0;
        let clicks = 0;
        let expected = 0;
        for (const [position, counted] of byPosition) {
          impressions += counted.impressions;
          clicks += counted.clicks;
          expected += counted.impressions * ctr.get(position)!;
        }
        out.push({
          query,
          product_id: productId,
          impressions,
          clicks,
          expected_clicks: expected,
          // Shown only where nobody ever clicks: no expectation to compare with.
          coec_raw: expected > 0 ? clicks / expected : null,
          coec: expected + priorClicks > 0 ? (clicks + priorClicks) / (expected + priorClicks) : null,
        });
      }
    return out;
  }
}

export interface PositionRate {
  position: number;
  impressions: number;
  clicks: number;
  ctr: number;
}

export interface PairCoec {
  query: string;
  product_id: string;
  impressions: number;
  clicks: number;
  expected_clicks: number;
  coec_raw: number | null;
  coec: number | null;
}

function count(map: Map<number, ClickCount>, position: number, impressions: number, clicks: number): void {
  const counted = map.get(position);
  if (counted) {
    counted.impressions += impressions;
    counted.clicks += clicks;
  } else map.set(position, { impressions, clicks });
}
