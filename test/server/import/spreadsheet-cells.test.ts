import { describe, expect, it } from 'vitest';
import { CsvReader } from '../../../server/import/csv-reader';
import { csvCell, fromSpreadsheetSafe, spreadsheetSafe } from '../../../server/import/spreadsheet-cells';

/** Starts a spreadsheet reads as a formula, quotes before them, and texts that only look close. */
const AWKWARD = [
  '',
  '=x',
  "'=x",
  "''=x",
  "'''=x",
  "'plain",
  "''plain",
  "'",
  "''",
  '-1',
  "'-1",
  '+49 30',
  '@a',
  "'@a",
  '\tx',
  "'\tx",
  '\rx',
  "'\r",
  ' =x',
  "' =x",
  'sofa',
  '=HYPERLINK("x")',
  'a,b',
];

/** Every string of up to three pieces from these: each start, quote and tail in every order. */
function* generated(): Generator<string> {
  const pieces = ["'", '=', '+', '-', '@', '\t', '\r', 'a', ' ', ','];
  for (const a of pieces) {
    yield a;
    for (const b of pieces) {
      yield a + b;
      for (const c of pieces) yield a + b + c;
    }
  }
}

describe('spreadsheet-safe cells', () => {
  it('prefixes formula starts with a quote, and leaves other text alone', () => {
    for (const cell of ['=1+1', '+49 30', '-rug', '@SUM(A1)', '\tx', '\rx']) expect(spreadsheetSafe(cell)).toBe(`'${cell}`);
    expect(spreadsheetSafe('sofa')).toBe('sofa');
    expect(spreadsheetSafe("'plain")).toBe("'plain");
    expect(fromSpreadsheetSafe("'plain")).toBe("'plain");
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('a,b')).toBe('"a,b"');
  });

  it('imports what it exports exactly, quotes before a formula start included', () => {
    expect(spreadsheetSafe("'=x")).toBe("''=x");
    for (const text of [...AWKWARD, ...generated()]) {
      const cell = spreadsheetSafe(text);
      expect(fromSpreadsheetSafe(cell), JSON.stringify(text)).toBe(text);
      expect(/^[=+\-@\t\r]/.test(cell), JSON.stringify(cell)).toBe(false);
    }
  });
});

describe('CSV cells written and read back', () => {
  it('reads every exported cell as the text it was written from', () => {
    const texts = [...AWKWARD, ...generated(), 'two\r\nlines', 'say "hi"'];
    const file = `${texts.map((text) => `${csvCell(text)},end`).join('\r\n')}\r\n`;
    const reader = new CsvReader(1 << 20);
    const records = [...reader.push(Buffer.from(file)), ...reader.end()];
    expect(records.map((record) => record[0])).toEqual(texts);
  });
});
