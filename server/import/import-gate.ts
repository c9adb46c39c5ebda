/**
 * At most `slots` imports write at once; the others wait their turn with their files already on disk, so
 * imports can never take every database connection the reads need.
 */
export type ImportGate = <T>(work: () => Promise<T>) => Promise<T>;

export function createImportGate(slots: number): ImportGate {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async (work) => {
    if (active >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    else active++;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, or frees.
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
