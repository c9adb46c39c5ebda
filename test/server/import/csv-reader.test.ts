import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { CsvReader, CsvSyntaxError } from '../../../server/import/csv-reader';

/** Feeds `text` as UTF-8 in pieces of `size` bytes (splitting characters and CRLFs anywhere). */
function readAll(text: string | Buffer, size = Infinity, maxRecordChars = 1 << 20): string[][] {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  const reader = new CsvReader(maxRecordChars);
  const records: string[][] = [];
  const step = Math.min(size, Math.max(bytes.length, 1));
  for (let at = 0; at < bytes.length; at += step) records.push(...reader.push(bytes.subarray(at, at + step)));
  records.push(...reader.end());
  expect(reader.records).toBe(records.length);
  return records;
}

function syntaxError(text: string, maxRecordChars?: number): CsvSyntaxError {
  try {
    readAll(text, 7, maxRecordChars);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return error;
    throw error;
  }
  throw new Error('no error');
}

describe('CsvReader', () => {
  it('reads cells and records, with or without a final line break', () => {
    expect(readAll('a,b\n1,2\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(readAll('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(readAll('a,,\n,x,')).toEqual([
      ['a', '', ''],
      ['', 'x', ''],
    ]);
  });

  it('ends records at LF, CRLF or CR, even mixed in one file', () => {
    expect(readAll('a\r\nb\nc\rd\r\n')).toEqual([['a'], ['b'], ['c'], ['d']]);
  });

  it('reads quoted cells: commas, doubled quotes and line breaks inside', () => {
    expect(readAll('"a,b","say ""hi""","two\r\nlines","",x\n')).toEqual([['a,b', 'say "hi"', 'two\r\nlines', '', 'x']]);
  });

  it('keeps a quote inside an unquoted cell, and text after a closing quote', () => {
    expect(readAll('55" tv,a "b" c\n"a"b,x\n')).toEqual([
      ['55" tv', 'a "b" c'],
      ['ab', 'x'],
    ]);
  });

  it('drops a UTF-8 byte order mark and reads multi-byte characters split between chunks', () => {
    const file = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Décor,✓\n😀,"é\r\nè"\n')]);
    for (const size of [1, 2, 3, 5, Infinity]) {
      expect(readAll(file, size)).toEqual([
        ['Décor', '✓'],
        ['😀', 'é\r\nè'],
      ]);
    }
  });

  it('gives a blank line as a record of one empty cell, and nothing for an empty input', () => {
    expect(readAll('a\n\nb\n\n')).toEqual([['a'], [''], ['b'], ['']]);
    expect(readAll('')).toEqual([]);
    expect(readAll('\uFEFF')).toEqual([]);
  });

  it('reports a quote never closed at the row where the record starts', () => {
    const error = syntaxError('a,b\n1,2\n"3,4\n5,6\n');
    expect(error.row).toBe(3);
    expect(error.message).toBe('has a quote (") that is never closed');
  });

  it('gives up on a record longer than the limit', () => {
    const error = syntaxError(`a\nok\n"${'x'.repeat(100)}`, 50);
    expect(error.row).toBe(3);
    expect(error.message).toBe('is longer than 50 characters (is a closing quote missing?)');
  });

  it('reads generated files as csv-parse does, however they are split', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pieces = ['a', 'é', '😀', ' ', ',', '"', '\n', '\r\n', 'xyz', '55" tv', '|'];
    const cell = () => {
      const text = Array.from({ length: Math.floor(random() * 5) }, () => pieces[Math.floor(random() * pieces.length)]).join('');
      const needsQuotes = /[",\r\n]/.test(text) || random() < 0.2;
      return needsQuotes ? `"${text.replaceAll('"', '""')}"` : text;
    };
    for (let file = 0; file < 200; file++) {
      const lines = Array.from({ length: 1 + Math.floor(random() * 8) }, () =>
        Array.from({ length: 1 + Math.floor(random() * 4) }, cell).join(','),
      );
      const eol = random() < 0.5 ? '\n' : '\r\n';
      const text = lines.join(eol) + (random() < 0.5 ? eol : '');
      const expected = parse(text, { relax_column_count: true, record_delimiter: ['\r\n', '\n', '\r'] }) as string[][];
      const size = 1 + Math.floor(random() * 16);
      expect(readAll(text, size), JSON.stringify(text)).toEqual(expected);
    }
  });
});
