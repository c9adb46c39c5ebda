/** Checks of uploaded text that every import format makes the same way. */

/** Why PostgreSQL cannot (or the file likely should not) store this text, if so. */
export function textProblem(value: string): string | undefined {
  if (value.includes('\0')) return 'contains a NUL character (U+0000), which cannot be stored';
  if (value.includes('\uFFFD')) return 'is not valid UTF-8 (it contains U+FFFD); save the file as "CSV UTF-8"';
  return undefined;
}

/** A cell holding a JSON object: blank for none, else the object (kept as given, or parsed to merge). */
export function parseMetadata(cell: string): { value: Record<string, unknown> | null; problem?: undefined } | { problem: string } {
  if (cell.trim() === '') return { value: null };
  let value: unknown;
  try {
    value = JSON.parse(cell);
  } catch (error) {
    return { problem: `is not valid JSON (${truncate((error as Error).message, 160)})` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { problem: `must be a JSON object, not ${kindOf(value)}` };
  // jsonb cannot hold U+0000; only look deeper when the escape is there at all.
  if (cell.includes('\\u0000') && containsNul(value)) {
    return { problem: 'contains "\\u0000", which cannot be stored' };
  }
  if (cell.includes('\uFFFD')) return { problem: textProblem('\uFFFD')! };
  return { value: value as Record<string, unknown> };
}

/** Whether a JSON value holds U+0000 in a key or a string (jsonb cannot store it). */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, item]) => key.includes('\0') || containsNul(item));
}

/** What a JSON value is, for a problem: 'null', 'an array', 'an object', 'a number', ... */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

export function truncate(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}
