/**
 * The key a query is matched on: trimmed, white space runs collapsed to one space, lower-cased.
 * Golden-set judgements are stored under it and a run looks up each entry's input with it, so
 * "  Red   Sofa " and "red sofa" are the same query.
 */
export function queryKey(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}
