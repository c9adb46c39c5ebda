/**
 * How alike two rankings are without any relevance judgement: overlap@k, Jaccard@k and rank-biased overlap (RBO,
 * Webber, Moffat & Zobel 2010, "A similarity measure for indefinite rankings", ACM TOIS 28(4)), its lower bound
 * RBO_min and its extrapolation RBO_ext. Pure; docs/ranking-overlap.md states the formulas for the team.
 *
 * Both rankings are product ids (strings), best first. An id that comes again later in the same ranking counts once,
 * at its first place, and the ids below it move up one place: duplicates are an engine's slip, not two products.
 * Both rankings are then cut at k, and every measure is on the cut rankings: A = A[:k], B = B[:k].
 *
 * With X_d = |A[:d] ∩ B[:d]| (a ranking shorter than d contributes all it has), l = the longer cut length and
 * s = the shorter one:
 * - overlap@k = X_l / k. A ranking shorter than k keeps it below 1 even against itself: the empty places count.
 * - Jaccard@k = X_l / (|A| + |B| − X_l).
 * - RBO_min = (1 − p)/p · (Σ_{d=1..l} (X_d − X_l) p^d / d − X_l ln(1 − p)): the paper's lower bound evaluated at
 *   depth l, every unseen item assumed to match nothing. Not 1 for identical rankings: the weight of the depths
 *   below l stays unknown (for identical rankings it is the weight of the top l places, 0.86 at p = 0.9, l = 10).
 *   Evaluating at l rather than s keeps the matches the longer ranking shows below s, as the paper's residual for
 *   uneven lists assumes; evaluating to a depth past both lengths gives the same value.
 * - RBO_ext = (1 − p)/p · (Σ_{d=1..l} X_d p^d / d + Σ_{d=s+1..l} X_s (d − s) p^d / (s d)) + ((X_l − X_s)/l + X_s/s) p^l:
 *   the paper's extrapolation for uneven rankings, which assumes the shorter ranking goes on agreeing at the rate
 *   X_s / s it showed. With s = l it is the even form X_l/l · p^l + (1 − p)/p · Σ X_d p^d / d. It is computed as
 *   1 minus its shortfall from full agreement, so identical rankings give exactly 1.
 *
 * Empty rankings, where the formulas divide 0 by 0: both empty is two identical (empty) results, so Jaccard and
 * RBO_ext are 1 while overlap@k and RBO_min, which count seen shared ids, are 0. One empty shares nothing and shows no
 * rate of agreement to extend: all four are 0.
 *
 * One table of the ids of both rankings, then one pass over the depths 1..l: O(k) per pair.
 */

export interface RankingOverlap {
  overlap: number;
  jaccard: number;
  rbo_min: number;
  rbo_ext: number;
}

const DEFAULT_PERSISTENCE = 0.9;

// The ids seen in the current pair: an open-addressing table reused from call to call, whose slots belong to the
// current pair when their stamp is the current generation, each with its hash and its rank in A (0 when only B has
// it, −1 once B has it too). A new Map per pair, growing as it filled, was about twice as slow in
// bench/ranking-overlap.ts.
let mask = -1;
let generation = 0;
let stamps = new Uint32Array(0);
let hashes = new Int32Array(0);
let ranksInA = new Int32Array(0);
let ids: string[] = [];
// slotsOfA[i]: the slot of a[i], so that B's id at the same place, often the same id, needs no hashing.
let slotsOfA = new Int32Array(0);
// arrivals[d]: how many ids are in both rankings' top d for the first time at depth d, so X_d = Σ_{e≤d} arrivals[e].
let arrivals = new Int32Array(0);

function prepare(lengthA: number, lengthB: number): void {
  const most = lengthA + lengthB;
  if (2 * most > mask + 1) {
    let capacity = 16;
    while (capacity < 2 * most) capacity *= 2;
    [mask, generation] = [capacity - 1, 0];
    [stamps, hashes, ranksInA] = [new Uint32Array(capacity), new Int32Array(capacity), new Int32Array(capacity)];
    ids = new Array<string>(capacity).fill('');
  }
  if (++generation === 0xffffffff) {
    stamps.fill(0);
    generation = 1;
  }
  if (slotsOfA.length < lengthA) slotsOfA = new Int32Array(2 * lengthA);
  if (arrivals.length <= Math.max(lengthA, lengthB)) arrivals = new Int32Array(2 * Math.max(lengthA, lengthB) + 1);
  else arrivals.fill(0, 0, Math.max(lengthA, lengthB) + 1);
}

/** FNV-1a over the UTF-16 code units, then a final mix so the low bits used for the slot depend on every unit. */
function hashOf(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  return h ^ (h >>> 13);
}

/** The slot of id in the table: its own if the pair has it already, else the free one where it goes. */
function slotOf(id: string, h: number): number {
  let slot = h & mask;
  while (stamps[slot] === generation && (hashes[slot] !== h || ids[slot] !== id)) slot = (slot + 1) & mask;
  return slot;
}

function claim(slot: number, id: string, h: number, rankInA: number): void {
  stamps[slot] = generation;
  hashes[slot] = h;
  ids[slot] = id;
  ranksInA[slot] = rankInA;
}

export function rankingOverlap(a: readonly string[], b: readonly string[], k: number, p: number = DEFAULT_PERSISTENCE): RankingOverlap {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`k must be a whole number of at least 1, not ${k}`);
  if (!(p > 0 && p < 1)) throw new RangeError(`p must be between 0 and 1, both excluded, not ${p}`);
  prepare(Math.min(k, a.length), Math.min(k, b.length));
  // A's first k distinct ids, each with its rank; then B's, each shared one arriving at the deeper of its two ranks.
  let [lengthA, scannedA] = [0, 0];
  while (scannedA < a.length && lengthA < k) {
    const id = a[scannedA];
    const h = hashOf(id);
    const slot = slotOf(id, h);
    if (stamps[slot] !== generation) claim(slot, id, h, ++lengthA);
    if (scannedA < slotsOfA.length) slotsOfA[scannedA] = slot;
    scannedA++;
  }
  const hinted = Math.min(scannedA, slotsOfA.length);
  let [lengthB, sharedInAll] = [0, 0];
  for (let i = 0; i < b.length && lengthB < k; i++) {
    const id = b[i];
    let slot: number;
    if (i < hinted && id === a[i]) slot = slotsOfA[i];
    else {
      const h = hashOf(id);
      slot = slotOf(id, h);
      if (stamps[slot] !== generation) {
        claim(slot, id, h, 0);
        lengthB++;
        continue;
      }
    }
    if (ranksInA[slot] <= 0) continue;
    arrivals[Math.max(ranksInA[slot], lengthB + 1)]++;
    ranksInA[slot] = -1;
    sharedInAll++;
    lengthB++;
  }

  return measuresOf(lengthA, lengthB, sharedInAll, k, p);
}

/** The four measures from the arrivals of the current pair (cut lengths lengthA and lengthB, sharedInAll ids shared). */
function measuresOf(lengthA: number, lengthB: number, sharedInAll: number, k: number, p: number): RankingOverlap {
  const [l, s] = [Math.max(lengthA, lengthB), Math.min(lengthA, lengthB)];
  if (l === 0) return { overlap: 0, jaccard: 1, rbo_min: 0, rbo_ext: 1 };
  // Nothing shared at any depth (one ranking empty, say): every term of every measure is 0.
  if (sharedInAll === 0) return { overlap: 0, jaccard: 0, rbo_min: 0, rbo_ext: 0 };
  // X_d; Σ X_d p^d / d and Σ p^d / d for RBO_min; Σ (1 − extrapolated agreement at d) p^d for RBO_ext.
  let [shared, sharedAtShorter, pd] = [0, 0, 1];
  let [weighted, harmonic, shortfall] = [0, 0, 0];
  for (let depth = 1; depth <= l; depth++) {
    shared += arrivals[depth];
    pd *= p;
    const weight = pd / depth;
    weighted += shared * weight;
    harmonic += weight;
    if (depth === s) sharedAtShorter = shared;
    // Past the shorter ranking's end s, it is assumed to go on adding X_s / s shared ids per depth.
    const assumed = depth > s ? (sharedAtShorter / s) * (depth - s) : 0;
    shortfall += (depth - shared - assumed) * weight;
  }
  const scale = (1 - p) / p;
  // Σ_{d>l} p^d / d = −ln(1 − p) − Σ_{d≤l} p^d / d: the depths below l, where RBO_min keeps X_l.
  const beyond = -Math.log1p(-p) - harmonic;
  const agreementAtL = (shared + (sharedAtShorter / s) * (l - s)) / l;
  return {
    overlap: shared / k,
    jaccard: shared / (lengthA + lengthB - shared),
    rbo_min: scale * (weighted + shared * beyond),
    rbo_ext: 1 - scale * shortfall - (1 - agreementAtL) * pd,
  };
}

// The same table for ids given as numbers (a comparison's rankings: each product id's 53-bit hash), so a pair needs no
// strings at all: the number is its own key and its low bits its hash.
let numericMask = -1;
let numericGeneration = 0;
let numericStamps = new Uint32Array(0);
let numericIds = new Float64Array(0);
let numericRanksInA = new Int32Array(0);

function prepareNumeric(lengthA: number, lengthB: number): void {
  const most = lengthA + lengthB;
  if (2 * most > numericMask + 1) {
    let capacity = 16;
    while (capacity < 2 * most) capacity *= 2;
    [numericMask, numericGeneration] = [capacity - 1, 0];
    [numericStamps, numericIds, numericRanksInA] = [new Uint32Array(capacity), new Float64Array(capacity), new Int32Array(capacity)];
  }
  if (++numericGeneration === 0xffffffff) {
    numericStamps.fill(0);
    numericGeneration = 1;
  }
  if (arrivals.length <= Math.max(lengthA, lengthB)) arrivals = new Int32Array(2 * Math.max(lengthA, lengthB) + 1);
  else arrivals.fill(0, 0, Math.max(lengthA, lengthB) + 1);
}

function numericSlotOf(id: number): number {
  let h = Math.imul(id | 0, 0x85ebca6b);
  h ^= h >>> 13;
  let slot = h & numericMask;
  while (numericStamps[slot] === numericGeneration && numericIds[slot] !== id) slot = (slot + 1) & numericMask;
  return slot;
}

/**
 * rankingOverlap of two rankings of numeric ids: a = ids[aFrom, aFrom + aLength), b likewise in bIds. The same
 * duplicates, cut and measures; the ids are compared as numbers.
 */
export function numericRankingOverlap(
  aIds: Float64Array,
  aFrom: number,
  aLength: number,
  bIds: Float64Array,
  bFrom: number,
  bLength: number,
  k: number,
  p: number = DEFAULT_PERSISTENCE,
): RankingOverlap {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`k must be a whole number of at least 1, not ${k}`);
  if (!(p > 0 && p < 1)) throw new RangeError(`p must be between 0 and 1, both excluded, not ${p}`);
  prepareNumeric(Math.min(k, aLength), Math.min(k, bLength));
  let lengthA = 0;
  for (let i = 0; i < aLength && lengthA < k; i++) {
    const id = aIds[aFrom + i];
    const slot = numericSlotOf(id);
    if (numericStamps[slot] === numericGeneration) continue;
    numericStamps[slot] = numericGeneration;
    numericIds[slot] = id;
    numericRanksInA[slot] = ++lengthA;
  }
  let [lengthB, sharedInAll] = [0, 0];
  for (let i = 0; i < bLength && lengthB < k; i++) {
    const id = bIds[bFrom + i];
    const slot = numericSlotOf(id);
    if (numericStamps[slot] !== numericGeneration) {
      numericStamps[slot] = numericGeneration;
      numericIds[slot] = id;
      numericRanksInA[slot] = 0;
      lengthB++;
      continue;
    }
    if (numericRanksInA[slot] <= 0) continue;
    arrivals[Math.max(numericRanksInA[slot], lengthB + 1)]++;
    numericRanksInA[slot] = -1;
    sharedInAll++;
    lengthB++;
  }
  return measuresOf(lengthA, lengthB, sharedInAll, k, p);
}
