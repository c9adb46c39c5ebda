// Entry metadata is optional JSON. Plain functions shared by the add-entry and entry-editor
// machines (their guards) and unit tested on their own.

const INVALID_JSON = 'Invalid JSON format';
const NOT_AN_OBJECT = 'Metadata must be a JSON object';

/** The metadata text a new entry starts with. */
export const DEFAULT_METADATA = '{}';

/** Why the text cannot be sent as metadata, or null when it can (blank text is no metadata). */
export function metadataProblem(text: string): string | null {
  if (text.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return INVALID_JSON;
  }
  return isPlainObject(value) ? null : NOT_AN_OBJECT;
}

/** The metadata to send: an object, or null for blank text. Call only when metadataProblem said null. */
export function parseMetadata(text: string): Record<string, unknown> | null {
  if (text.trim() === '') return null;
  const value: unknown = JSON.parse(text);
  if (!isPlainObject(value)) throw new Error(NOT_AN_OBJECT);
  return value;
}

/** An entry's stored metadata as the text of the form (none shows as the default '{}'). */
export function metadataText(metadata: Record<string, unknown> | null | undefined): string {
  return metadata && Object.keys(metadata).length > 0 ? JSON.stringify(metadata, null, 2) : DEFAULT_METADATA;
}

/** The input is required; whitespace only counts as empty. */
export function hasEntryInput(input: string): boolean {
  return input.trim() !== '';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
