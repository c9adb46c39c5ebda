import { uint32Stream } from './sign-flip-sums.mjs';

export { uint32Stream };

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
