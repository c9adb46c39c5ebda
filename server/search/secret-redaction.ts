/**
 * Blanking secrets out of text a search service sent back, before users see it. A service may quote a
 * header it was sent inside a JSON string or a URL, so each character of a secret is also recognised in the
 * forms those take: JSON escapes (\", \\, \/, \n, \uXXXX in any case) and URL encoding (%XX, + for a
 * space), in any mix. Pure.
 */

/** Shorter values would blank out ordinary words. */
const MIN_SECRET_LENGTH = 4;

const JSON_SHORT_ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '/': '\\/',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

/** One way to write a character; `anyCase` ones are hex escapes, held in lower case. */
interface Form {
  text: string;
  anyCase: boolean;
}

const hex = (value: number, width: number) => value.toString(16).padStart(width, '0');
/** A code unit as a member of a regex character class. */
const classMember = (unit: string) => `\\u${hex(unit.charCodeAt(0), 4)}`;

/** Every way one character (a code point) may be written in a JSON string or a URL. */
function characterForms(char: string): Form[] {
  const units = [...Array(char.length).keys()].map((index) => char.charCodeAt(index));
  const bytes = [...new TextEncoder().encode(char)];
  const exact = [char, ...(char in JSON_SHORT_ESCAPES ? [JSON_SHORT_ESCAPES[char]] : []), ...(char === ' ' ? ['+'] : [])];
  const escaped = [units.map((unit) => `\\u${hex(unit, 4)}`).join(''), bytes.map((byte) => `%${hex(byte, 2)}`).join('')];
  return [...exact.map((text) => ({ text, anyCase: false })), ...escaped.map((text) => ({ text, anyCase: true }))];
}

function formAt(text: string, at: number, form: Form): boolean {
  if (!form.anyCase) return text.startsWith(form.text, at);
  return text.slice(at, at + form.text.length).toLowerCase() === form.text;
}

/**
 * Where the secret, written in any mix of its characters' forms, ends if it starts at `start`; -1 if it does
 * not. All ways are followed at once, since a form may be the start of another ("%" and "%25").
 */
function matchEnd(text: string, start: number, secretForms: readonly Form[][]): number {
  let ends = [start];
  for (const forms of secretForms) {
    const next = new Set<number>();
    for (const at of ends) for (const form of forms) if (formAt(text, at, form)) next.add(at + form.text.length);
    if (next.size === 0) return -1;
    ends = [...next];
  }
  return Math.max(...ends);
}

function redactSecret(text: string, secret: string): string {
  const secretForms = [...secret].map(characterForms);
  // Where a match may start: the first code unit of one of the first character's forms.
  const starts = new RegExp(`[${[...new Set(secretForms[0].map((form) => form.text[0]))].map(classMember).join('')}]`, 'g');
  let redacted = '';
  let copied = 0;
  for (let found = starts.exec(text); found !== null; found = starts.exec(text)) {
    const end = matchEnd(text, found.index, secretForms);
    if (end === -1) continue;
    redacted += `${text.slice(copied, found.index)}[redacted]`;
    copied = starts.lastIndex = end;
  }
  return redacted + text.slice(copied);
}

/** `text` with every secret, in whichever form it appears, blanked out as `[redacted]`. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  // Longest first, so a whole value goes before a part of it.
  return [...new Set(secrets)]
    .filter((secret) => secret.length >= MIN_SECRET_LENGTH)
    .sort((a, b) => b.length - a.length)
    .reduce(redactSecret, text);
}
