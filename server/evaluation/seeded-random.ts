/** mulberry32: a small seeded PRNG, so what is drawn from a seed is the same on every machine. */
export function uint32Stream(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** Uniform numbers in [0, 1) and helpers over them, from a seed. */
export function seededRandom(seed: number) {
  const nextUint32 = uint32Stream(seed);
  const next = () => nextUint32() / 4294967296;
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
  };
}
