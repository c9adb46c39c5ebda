/**
 * The metadata of a demo entry: WANDS's own fields, and two generated ones that group its queries into a
 * few segments each, so a new user's first run page has something to segment by.
 */
import { seededRandom } from '../evaluation/seeded-random';
import type { WandsQuery } from './wands-queries';

type Traffic = 'head' | 'torso' | 'tail';

/** How often a query is searched, as search teams band it: few frequent queries, a long tail of rare ones. */
const TRAFFIC: ReadonlyArray<readonly [Traffic, number]> = [
  ['head', 0.2],
  ['torso', 0.3],
  ['tail', 0.5],
];
const DEVICES = [
  ['mobile', 0.55],
  ['desktop', 0.35],
  ['tablet', 0.1],
] as const;

/** How well the demo's searches do by band: tuned on frequent queries, weaker on rare ones, so the segments differ. */
export const TRAFFIC_SKILL: Record<Traffic, number> = { head: 1.25, torso: 1, tail: 0.8 };

export interface DemoMetadata {
  source: 'WANDS';
  query_id: number;
  query_class: string;
  traffic: Traffic;
  device: string;
}

/** The same on every machine: drawn from the query's id. */
export function demoMetadata(query: WandsQuery): DemoMetadata {
  const random = seededRandom(query.id * 104729 + 17);
  return {
    source: 'WANDS',
    query_id: query.id,
    query_class: query.queryClass,
    traffic: weighted(random.next(), TRAFFIC),
    device: weighted(random.next(), DEVICES),
  };
}

/** The value whose share of [0, 1) holds `draw`. */
function weighted<T>(draw: number, shares: ReadonlyArray<readonly [T, number]>): T {
  let upTo = 0;
  for (const [value, share] of shares) {
    upTo += share;
    if (draw < upTo) return value;
  }
  return shares[shares.length - 1][0];
}
