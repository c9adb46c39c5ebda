// Spec §2 "Missing identifiers": an id in the address counts only as a positive integer.

/** '12' → 12; a missing, empty or malformed id ('abc', '0', '-3', '1.5', '12x') → null. */
export function parseRouteId(text: string | undefined): number | null {
  if (text === undefined || !/^\d+$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id >= 1 ? id : null;
}
