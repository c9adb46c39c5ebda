import { describe, expect, it } from 'vitest';
import { CopyBuffer, copyField } from '../../../server/import/copy-text';

describe('copyField', () => {
  it('leaves plain text as it is and writes null as an empty unquoted field', () => {
    expect(copyField('red sofa')).toBe('red sofa');
    expect(copyField(null)).toBe('');
  });

  it('quotes the empty string, so it is not read as NULL', () => {
    expect(copyField('')).toBe('""');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(copyField('a,b')).toBe('"a,b"');
    expect(copyField('5" tv')).toBe('"5"" tv"');
    expect(copyField('two\nlines\r\n')).toBe('"two\nlines\r\n"');
    expect(copyField('{"a":1}')).toBe('"{""a"":1}"');
  });
});

describe('CopyBuffer', () => {
  it('collects text as UTF-8, grows as needed and empties on take()', () => {
    const buffer = new CopyBuffer(4);
    buffer.append('Décor ✓,');
    buffer.append('😀\n');
    expect(buffer.byteLength).toBe(Buffer.byteLength('Décor ✓,😀\n'));
    expect(buffer.take()).toBe('Décor ✓,😀\n');
    expect(buffer.byteLength).toBe(0);
    buffer.append('again');
    expect(buffer.take()).toBe('again');
  });
});
