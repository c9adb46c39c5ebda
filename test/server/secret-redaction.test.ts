import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../server/search/secret-redaction';

/** Every character as \uXXXX, in the case of hex digits given. */
const unicodeEscaped = (text: string, upper = false) =>
  [...text]
    .flatMap((char) => (char.length === 2 ? [char[0], char[1]] : [char]))
    .map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .map((escape) => (upper ? escape.toUpperCase().replace('\\U', '\\u') : escape))
    .join('');
/** JSON-escaped, with what is not ASCII as \uXXXX (Python's json.dumps, Jackson's ESCAPE_NON_ASCII). */
const asciiJson = (text: string) =>
  JSON.stringify(text)
    .slice(1, -1)
    .replace(/[^\x00-\x7f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
/** An HTML form's encoding: spaces as +. */
const formEncoded = (text: string) => new URLSearchParams({ v: text }).toString().slice(2);

describe('redactSecrets', () => {
  const secret = 'Tok"en\\ with\ttab é€ 😀/end';

  it.each([
    ['raw', secret],
    ['JSON-escaped', JSON.stringify(secret).slice(1, -1)],
    ['JSON-escaped with / as \\/', JSON.stringify(secret).slice(1, -1).replaceAll('/', '\\/')],
    ['\\uXXXX-escaped, every character', unicodeEscaped(secret)],
    ['\\uXXXX-escaped, every character, upper-case hex', unicodeEscaped(secret, true)],
    ['\\uXXXX-escaped, only what is not ASCII', asciiJson(secret)],
    ['URL-encoded', encodeURIComponent(secret)],
    ['URL-encoded, lower-case hex', encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (code) => code.toLowerCase())],
    ['form-encoded, spaces as +', formEncoded(secret)],
  ])('blanks the secret %s', (_, form) => {
    const text = `{"error":"bad key ${form}","status":401}`;
    expect(redactSecrets(text, [secret])).toBe('{"error":"bad key [redacted]","status":401}');
  });

  it('blanks a secret each time it appears, in any mix of forms', () => {
    const text = `${secret} | ${JSON.stringify(secret)} | ${encodeURIComponent(secret)}`;
    expect(redactSecrets(text, [secret])).toBe('[redacted] | "[redacted]" | [redacted]');
  });

  it('blanks the longest secret first, and leaves values too short to tell from words', () => {
    expect(redactSecrets('Bearer key-1234 and key-1234 and abc', ['key-1234', 'Bearer key-1234', 'abc'])).toBe(
      '[redacted] and [redacted] and abc',
    );
  });

  it('blanks a secret as long as a header value may be', () => {
    const long = `${'k'.repeat(7_990)}-"secret"`;
    expect(redactSecrets(`{"echo":${JSON.stringify(long)}}`, [long])).toBe('{"echo":"[redacted]"}');
  });

  it('blanks a secret whose characters are themselves the start of an encoding', () => {
    const percent = '%25+%2B\\u0041';
    for (const form of [percent, encodeURIComponent(percent), JSON.stringify(percent).slice(1, -1), formEncoded(percent)]) {
      expect(redactSecrets(`(${form})`, [percent])).toBe('([redacted])');
    }
  });

  it('leaves text without the secret as it was', () => {
    const text = '{"error":"Tok\\"en but not the rest","ok":"%2F+"}';
    expect(redactSecrets(text, [secret])).toBe(text);
  });
});
