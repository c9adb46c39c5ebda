/** Checks of uploaded text that every import format makes the same way. */
import { describePath, jsonTextProblem, type JsonProblem } from './json-safety';

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
  const unsafe = jsonTextProblem(cell);
  if (unsafe) return { problem: jsonProblemText(unsafe) };
  if (cell.includes('\uFFFD')) return { problem: textProblem('\uFFFD')! };
  return { value: value as Record<string, unknown> };
}

/** A JSON problem within a cell or line: `a.b[2] is nested …`, or just the problem for the whole. */
export function jsonProblemText({ path, problem }: JsonProblem): string {
  return path.length === 0 ? problem : `${describePath('', path)} ${problem}`;
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
