/** Characters that show nothing: zero-width space, non-joiner and joiner, word joiner, zero-width no-break space. */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF]/g;

/**
 * The key a query is matched on: trimmed, white space runs (no-break and other Unicode spaces too)
 * collapsed to one space, lower-cased, and text that looks the same made the same: invisible
 * characters dropped, accents composed (NFC; macOS writes them decomposed). Golden-set judgements are
 * stored under it and a run looks up each entry's input with it, so "  Red   Sofa " and "red sofa" are
 * the same query.
 */
export function queryKey(text: string): string {
  return text.replace(INVISIBLE, '').trim().replace(/\s+/g, ' ').toLowerCase().normalize('NFC');
}
