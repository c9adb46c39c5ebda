/**
 * The one check of every JSON document the server accepts (request bodies, metadata and attribute
 * cells, JSON Lines): what JSON.parse takes but the server cannot keep. Deep nesting overflows the
 * stacks of validation, serialisation and PostgreSQL (whose jsonb parser is recursive); U+0000 and
 * unpaired surrogates cannot be stored in text or jsonb; and a number JavaScript reads as a rounded
 * double would come back changed (1e400 as null, a 30-digit id rounded). Reads the text, never
 * recurses, so any depth is safe to check.
 */
import { MAX_JSON_DEPTH } from '../schemas/limits';

/** Where in the document a problem is: keys and array indexes from the top. */
export type JsonPath = ReadonlyArray<string | number>;

export interface JsonProblem {
  path: JsonPath;
  problem: string;
}

/** The first problem of a document JSON.parse accepted, or undefined when it is fine to store. */
export function jsonTextProblem(text: string): JsonProblem | undefined {
  return mayHaveProblem(text) ? scan(text) : undefined;
}

/** `body.input_metadata.a[0]`: a path as the API names fields; long paths are cut after a few steps. */
export function describePath(root: string, path: JsonPath): string {
  const shown = path
    .slice(0, 4)
    .map((step) =>
      typeof step === 'number' ? `[${step}]` : /^[A-Za-z_$][\w$]{0,39}$/.test(step) ? `.${step}` : `[${JSON.stringify(step.slice(0, 40))}]`,
    );
  const text = `${root}${shown.join('')}${path.length > 4 ? '…' : ''}`;
  return text.startsWith('.') ? text.slice(1) : text;
}

const QUOTE = 34;
const BACKSLASH = 92;

/**
 * Cheap tests that rule most documents out before the character-by-character scan (bulk uploads read
 * a metadata cell per row): escapes of U+0000 or a surrogate, a raw surrogate, 16+ digits in a row or
 * a 3-digit exponent (a double keeps 15 significant digits exactly), or enough brackets to be too deep.
 */
function mayHaveProblem(text: string): boolean {
  if (/\\u(0000|[dD][89a-fA-F])|[\uD800-\uDFFF]|\d{16}|[eE][+-]?\d{3}/.test(text)) return true;
  let brackets = 0;
  for (let i = 0; i < text.length && brackets <= MAX_JSON_DEPTH; i++) {
    const c = text.charCodeAt(i);
    if (c === 91 || c === 123) brackets++;
  }
  return brackets > MAX_JSON_DEPTH;
}

interface Level {
  array: boolean;
  /** The array index, or the object key, of the value being read. */
  at: string | number;
  expectKey: boolean;
}

function scan(text: string): JsonProblem | undefined {
  const levels: Level[] = [];
  const path = () => levels.map((level) => level.at);
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{' || c === '[') {
      if (levels.length >= MAX_JSON_DEPTH) {
        return { path: path(), problem: `is nested more than ${MAX_JSON_DEPTH} levels deep (arrays and objects)` };
      }
      levels.push({ array: c === '[', at: 0, expectKey: c === '{' });
    } else if (c === '}' || c === ']') {
      levels.pop();
    } else if (c === ',') {
      const top = levels[levels.length - 1];
      if (top.array) (top.at as number)++;
      else top.expectKey = true;
    } else if (c === '"') {
      const end = stringEnd(text, i);
      const top = levels[levels.length - 1];
      const isKey = top !== undefined && !top.array && top.expectKey;
      const problem = stringProblem(text, i + 1, end);
      // A bad key is the problem of the object that holds it.
      if (problem) return { path: isKey ? path().slice(0, -1) : path(), problem: isKey ? `has a key that ${problem}` : problem };
      if (isKey) {
        top.at = JSON.parse(text.slice(i, end + 1)) as string;
        top.expectKey = false;
      }
      i = end;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      let end = i + 1;
      while (end < text.length && /[0-9eE+\-.]/.test(text[end])) end++;
      const token = text.slice(i, end);
      if (!roundTrips(token)) {
        const shown = token.length > 40 ? `${token.slice(0, 39)}…` : token;
        return {
          path: path(),
          problem: `is the number ${shown}, which cannot be kept exactly (at most 15 significant digits within ±1.7e308)`,
        };
      }
      i = end - 1;
    }
  }
  return undefined;
}

/** Index of the quote that closes the string opening at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) return i;
    i += c === BACKSLASH ? 2 : 1;
  }
}

/** U+0000 or an unpaired surrogate in the string text between `from` and `to` (escapes not decoded yet). */
function stringProblem(text: string, from: number, to: number): string | undefined {
  let pendingHigh = false;
  for (let i = from; i < to; i++) {
    let code = text.charCodeAt(i);
    if (code === BACKSLASH) {
      if (text[i + 1] !== 'u') {
        if (pendingHigh) return LONE_SURROGATE;
        i++;
        continue;
      }
      code = parseInt(text.slice(i + 2, i + 6), 16);
      i += 5;
    }
    if (code === 0) return 'contains U+0000 (a NUL character), which cannot be stored';
    const high = code >= 0xd800 && code <= 0xdbff;
    const low = code >= 0xdc00 && code <= 0xdfff;
    if (pendingHigh !== low) return LONE_SURROGATE;
    pendingHigh = high;
  }
  return pendingHigh ? LONE_SURROGATE : undefined;
}

const LONE_SURROGATE = 'contains an unpaired surrogate (half of a UTF-16 pair), which is not valid Unicode';

/** Whether the double JavaScript reads from a JSON number denotes the same decimal value. */
export function roundTrips(token: string): boolean {
  const value = Number(token);
  return Number.isFinite(value) && decimalKey(token) === decimalKey(String(value));
}

/** A decimal's value as `digits e exponent`, without the zeros that do not change it: 1.50 and 15e-1 agree. */
function decimalKey(text: string): string {
  const match = /^-?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text)!;
  const fraction = match[2] ?? '';
  let digits = (match[1] + fraction).replace(/^0+/, '');
  if (digits === '') return '0';
  const trimmed = digits.replace(/0+$/, '');
  const exponent = Number(match[3] ?? 0) - fraction.length + (digits.length - trimmed.length);
  digits = trimmed;
  return `${text.startsWith('-') ? '-' : ''}${digits}e${exponent}`;
}
