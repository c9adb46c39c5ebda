/**
 * A promise React's `use` reads at once after it has settled: React looks at `status` and `value`
 * before it suspends. A chunk loaded before its first render then shows without a Suspense fallback,
 * and so without React's 300 ms hold on revealing content that replaced a fallback.
 */
export function readable<T>(promise: Promise<T>): Promise<T> {
  const tracked = promise as Promise<T> & { status?: string; value?: T; reason?: unknown };
  tracked.then(
    (value) => Object.assign(tracked, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(tracked, { status: 'rejected', reason }),
  );
  return tracked;
}
