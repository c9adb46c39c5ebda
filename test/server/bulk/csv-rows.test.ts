import { describe, expect, it } from 'vitest';
import { readHeader, RecordReader, splitDatasetNames, type CsvLayout } from '../../../server/bulk/csv-rows';
import { parseMetadata, textProblem } from '../../../server/import/cell-checks';
import type { RowProblem } from '../../../server/import/import-problems';
import { MAX_PROBLEMS } from '../../../server/schemas/limits';

function layoutOf(header: string[]): CsvLayout {
  const result = readHeader(header);
  if (!result.layout) throw new Error(result.message);
  return result.layout;
}

function readOne(header: string[], fields: string[], row = 2) {
  const problems: RowProblem[] = [];
  const entry = new RecordReader(layoutOf(header)).read(fields, row, problems);
  return { entry, problems };
}

describe('readHeader', () => {
  it('finds the known columns, trimmed and in any case, and keeps other names as metadata keys', () => {
    const layout = layoutOf([' Input ', 'datasets', 'INPUT_METADATA', 'description', ' locale ', '']);
    expect(layout).toEqual({
      fieldCount: 6,
      input: 0,
      datasets: 1,
      inputMetadata: 2,
      description: 3,
      extras: [{ index: 4, name: 'locale' }],
      unnamed: [5],
    });
  });

  it('needs an input column and names what it found instead', () => {
    const result = readHeader(['query', 'datasets']);
    expect(result.layout).toBeUndefined();
    expect(result.message).toBe('The CSV header (row 1) has no "input" column; found: "query", "datasets"');
    expect(result.problems).toEqual([{ row: 1, column: 'input', problem: 'required column is missing from the header' }]);
  });

  it('rejects a column named twice, known names regardless of case', () => {
    expect(readHeader(['input', 'locale', 'locale']).problems).toEqual([
      { row: 1, column: 'locale', problem: 'appears more than once in the header' },
    ]);
    expect(readHeader(['input', 'Input']).message).toBe(
      'The CSV header (row 1) is not valid: column "Input" appears more than once in the header',
    );
  });

  it('allows several unnamed columns (trailing commas)', () => {
    expect(layoutOf(['input', '', '']).unnamed).toEqual([1, 2]);
  });
});

describe('splitDatasetNames', () => {
  it('splits on |, trims, drops empty parts and repeats', () => {
    expect(splitDatasetNames(' Rugs | Lighting||Rugs | ')).toEqual({ names: ['Rugs', 'Lighting'] });
    expect(splitDatasetNames('')).toEqual({ names: [] });
    expect(splitDatasetNames(' | ')).toEqual({ names: [] });
  });

  it('rejects a name longer than 200 characters', () => {
    expect(splitDatasetNames(`ok|${'x'.repeat(200)}`)).toEqual({ names: ['ok', 'x'.repeat(200)] });
    expect(splitDatasetNames(`ok|${'x'.repeat(201)}`).problem).toMatch(/^dataset name "x{40}…" is longer than 200 characters$/);
  });
});

describe('parseMetadata', () => {
  it('takes a JSON object, or nothing for a blank cell', () => {
    expect(parseMetadata('{"a": [1, {"b": null}]}')).toEqual({ value: { a: [1, { b: null }] } });
    expect(parseMetadata('  ')).toEqual({ value: null });
  });

  it('says why anything else is refused', () => {
    expect(parseMetadata('{"a":').problem).toMatch(/^is not valid JSON \(.+\)$/);
    expect(parseMetadata('[1]').problem).toBe('must be a JSON object, not an array');
    expect(parseMetadata('null').problem).toBe('must be a JSON object, not null');
    expect(parseMetadata('"text"').problem).toBe('must be a JSON object, not a string');
    expect(parseMetadata('42').problem).toBe('must be a JSON object, not a number');
  });

  it('refuses \\u0000, which jsonb cannot hold, but not an escaped backslash before u0000', () => {
    expect(parseMetadata('{"a": "x\\u0000"}').problem).toBe('a contains U+0000 (a NUL character), which cannot be stored');
    expect(parseMetadata('{"a\\u0000": 1}').problem).toBe('has a key that contains U+0000 (a NUL character), which cannot be stored');
    expect(parseMetadata('{"a": "\\\\u0000"}')).toEqual({ value: { a: '\\u0000' } });
  });
});

describe('textProblem', () => {
  it('flags NUL and the replacement character of a file that is not UTF-8', () => {
    expect(textProblem('fine é ✓')).toBeUndefined();
    expect(textProblem('a\0b')).toMatch(/NUL/);
    expect(textProblem('caf\uFFFD')).toMatch(/not valid UTF-8/);
  });
});

describe('RecordReader', () => {
  const header = ['input', 'datasets', 'input_metadata', 'description'];

  it('turns a record into an entry', () => {
    expect(readOne(header, ['red sofa', 'Rugs|Sofas', '{"locale":"en-US"}', ' Seen in logs '])).toEqual({
      entry: { input: 'red sofa', metadata: '{"locale":"en-US"}', description: 'Seen in logs', datasets: ['Rugs', 'Sofas'] },
      problems: [],
    });
  });

  it('keeps the input as given, and stores an empty description and metadata as none', () => {
    expect(readOne(header, ['  lamp ', '', '', '  ']).entry).toEqual({ input: '  lamp ', metadata: null, description: null, datasets: [] });
  });

  it('makes other columns metadata keys, skipping empty cells; input_metadata wins a clash', () => {
    const extras = ['input', 'input_metadata', 'locale', 'source', '__proto__'];
    expect(readOne(extras, ['lamp', '', 'en-US', '', 'x']).entry?.metadata).toBe('{"locale":"en-US","__proto__":"x"}');
    expect(JSON.parse(readOne(extras, ['lamp', '{"locale":"de-DE","n":1}', 'en-US', 'log', '']).entry!.metadata!)).toEqual({
      locale: 'de-DE',
      source: 'log',
      n: 1,
    });
  });

  it('skips a blank row (every cell empty), whatever its number of cells', () => {
    expect(readOne(header, [''])).toEqual({ entry: null, problems: [] });
    expect(readOne(header, ['', ' ', '', ''])).toEqual({ entry: null, problems: [] });
  });

  it('reports every problem of a row with its row number and column', () => {
    expect(readOne(header, [' ', 'ok|' + 'n'.repeat(201), '[]', 'x'], 7).problems).toEqual([
      { row: 7, column: 'input', problem: 'must not be blank' },
      { row: 7, column: 'datasets', problem: expect.stringMatching(/longer than 200 characters/) },
      { row: 7, column: 'input_metadata', problem: 'must be a JSON object, not an array' },
    ]);
  });

  it('reports a record whose number of cells differs from the header', () => {
    expect(readOne(header, ['lamp', 'Rugs'], 4)).toEqual({
      entry: null,
      problems: [{ row: 4, column: null, problem: 'has 2 cells but the header has 4' }],
    });
  });

  it('reports text a column cannot hold and values under a column without a name', () => {
    expect(readOne(['input', 'note', ''], ['a\0b', 'caf\uFFFD', 'stray'], 3).problems).toEqual([
      { row: 3, column: 'input', problem: expect.stringMatching(/NUL/) },
      { row: 3, column: 'note', problem: expect.stringMatching(/UTF-8/) },
      { row: 3, column: null, problem: 'column 3 has no header name, so its cells must be empty' },
    ]);
  });

  it('limits input and description to 10,000 characters', () => {
    expect(readOne(header, ['x'.repeat(10_000), '', '', 'y'.repeat(10_000)]).problems).toEqual([]);
    expect(readOne(header, ['x'.repeat(10_001), '', '', 'y'.repeat(10_001)]).problems.map((p) => p.column)).toEqual([
      'input',
      'description',
    ]);
  });

  it('caps the problems listed in a 400 at 100', () => {
    expect(MAX_PROBLEMS).toBe(100);
  });
});
