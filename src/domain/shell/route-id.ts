// Missing or malformed identifiers: the one rule for an id in the address. The route table parses every `:id`
// once (`parseRouteId`); a machine started with that id checks it first with `hasNoRouteId` and, when the
// address named no valid id, goes straight to its not-found state without a call.

/** '12' → 12; a missing, empty or malformed id ('abc', '0', '-3', '1.5', '12x') → null. */
export function parseRouteId(text: string | undefined): number | null {
  if (text === undefined || !/^\d+$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id >= 1 ? id : null;
}

/** The guard `hasNoRouteId` of every machine started with a route id (`undefined`: a machine not started with one). */
export const hasNoRouteId = (_: unknown, params: { id: number | null | undefined }) => params.id === null;
