// Spec §7: the dataset editor adds or removes mappings one call per selected entry. The calls run a few at
// a time; every one is awaited, and if any failed the whole move is reported failed (the editor reloads).

export type MoveCall = (entryId: number) => Promise<unknown>;

export const MOVE_CONCURRENCY = 6;

export async function moveEachEntry(
  entryIds: readonly number[],
  call: MoveCall,
  what: 'add' | 'remove',
  concurrency = MOVE_CONCURRENCY,
): Promise<void> {
  const failures: unknown[] = [];
  let next = 0;
  async function worker() {
    while (next < entryIds.length) {
      const id = entryIds[next++];
      try {
        await call(id);
      } catch (error) {
        failures.push(error);
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, entryIds.length) }, worker));
  if (failures.length === 0) return;
  const first = failures[0] instanceof Error ? failures[0].message : String(failures[0]);
  const verb = what === 'add' ? 'add' : 'remove';
  const count = entryIds.length === 1 ? 'the entry' : `${failures.length} of ${entryIds.length} entries`;
  throw new Error(`Could not ${verb} ${count}: ${first}. The lists were reloaded from the server.`);
}
