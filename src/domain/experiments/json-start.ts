/**
 * The start of a JSON answer laid out two spaces a level, as a person reads it: the server sends only the
 * answer's first characters, which are seldom whole JSON, so this indents by the brackets and commas it
 * meets outside strings instead of parsing. Text that does not start like JSON comes back as it is. Pure.
 */
export function indentJsonStart(text: string): string {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return text;
  let out = '';
  let depth = 0;
  let inString = false;
  let escaped = false;
  const newline = () => `\n${'  '.repeat(Math.max(depth, 0))}`;
  for (const char of trimmed) {
    if (inString) {
      out += char;
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') {
      inString = true;
      out += char;
    } else if (char === '{' || char === '[') {
      depth += 1;
      out += char + newline();
    } else if (char === '}' || char === ']') {
      depth -= 1;
      out = out.trimEnd() + newline() + char;
    } else if (char === ',') {
      out += char + newline();
    } else if (char === ':') {
      out += ': ';
    } else if (!/\s/.test(char)) {
      out += char;
    }
  }
  // Empty objects and arrays stay on one line.
  return out.replace(/([{[])\n\s*([}\]])/g, '$1$2');
}
