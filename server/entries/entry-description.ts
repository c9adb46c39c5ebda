const DESCRIPTION_FALLBACK_LENGTH = 50;

/**
 * An entry's description, or when it has none the first 50 characters of its input plus '…'.
 * Counts code points so that an emoji is never cut in half; no '…' when nothing was cut.
 */
export function describeEntry(description: string | null, input: string): string {
  if (description !== null && description.trim() !== '') return description;
  const characters = Array.from(input);
  if (characters.length <= DESCRIPTION_FALLBACK_LENGTH) return input;
  return characters.slice(0, DESCRIPTION_FALLBACK_LENGTH).join('') + '\u2026';
}
