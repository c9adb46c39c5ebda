/**
 * The bulk-upload CSV format, as pure functions: the header row gives the layout, each later record
 * becomes an entry (or problems, numbered as a spreadsheet numbers rows: the header is row 1).
 */
import {
  MAX_DATASETS_PER_CELL,
  MAX_DATASETS_PER_FILE,
  MAX_DESCRIPTION_LENGTH,
  MAX_INPUT_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PROBLEMS,
} from '../schemas/limits';
import { parseMetadata, textProblem } from '../import/cell-checks';
import type { RowProblem } from '../import/import-problems';

/** What auto-created datasets are described as (datasets.description is required). */
export const CREATED_DATASET_DESCRIPTION = 'Created by bulk upload';

/** One valid record, ready to be stored. */
export interface EntryRow {
  input: string;
  /** JSON object text, or null for none. */
  metadata: string | null;
  description: string | null;
  /** Trimmed, distinct dataset names. */
  datasets: readonly string[];
}

export interface CsvLayout {
  fieldCount: number;
  input: number;
  /** -1 when the column is absent. */
  datasets: number;
  inputMetadata: number;
  description: number;
  /** Any other named column: a non-empty cell becomes a metadata key with the cell's text. */
  extras: ReadonlyArray<{ index: number; name: string }>;
  /** Columns with a blank header (a trailing comma, say): their cells must stay empty. */
  unnamed: readonly number[];
}

export type HeaderResult =
  { layout: CsvLayout; problems?: undefined; message?: undefined } | { layout?: undefined; problems: RowProblem[]; message: string };

const KNOWN_COLUMNS = ['input', 'datasets', 'input_metadata', 'description'] as const;
type KnownColumn = (typeof KNOWN_COLUMNS)[number];

/** Reads the header row: known columns match case-insensitively, names are trimmed. */
export function readHeader(fields: readonly string[]): HeaderResult {
  const known: Partial<Record<KnownColumn, number>> = {};
  const extras: Array<{ index: number; name: string }> = [];
  const unnamed: number[] = [];
  const seen = new Set<string>();
  const problems: RowProblem[] = [];
  fields.forEach((raw, index) => {
    const name = raw.trim();
    if (name === '') {
      unnamed.push(index);
      return;
    }
    const lower = name.toLowerCase() as KnownColumn;
    const isKnown = KNOWN_COLUMNS.includes(lower);
    const key = isKnown ? lower : name;
    if (seen.has(key)) {
      problems.push({ row: 1, column: name, problem: 'appears more than once in the header' });
      return;
    }
    seen.add(key);
    const nameProblem = textProblem(name);
    if (nameProblem) problems.push({ row: 1, column: name, problem: nameProblem });
    else if (isKnown) known[lower] = index;
    else extras.push({ index, name });
  });
  if (known.input === undefined && !problems.some((p) => p.column?.toLowerCase() === 'input')) {
    problems.unshift({ row: 1, column: 'input', problem: 'required column is missing from the header' });
  }
  if (problems.length > 0) {
    const first = problems[0];
    const message =
      first.column === 'input' && first.problem.startsWith('required')
        ? `The CSV header (row 1) has no "input" column; found: ${fields.map((f) => JSON.stringify(f.trim())).join(', ')}`
        : `The CSV header (row 1) is not valid: column "${first.column}" ${first.problem}`;
    return { problems: problems.slice(0, MAX_PROBLEMS), message };
  }
  return {
    layout: {
      fieldCount: fields.length,
      input: known.input!,
      datasets: known.datasets ?? -1,
      inputMetadata: known.input_metadata ?? -1,
      description: known.description ?? -1,
      extras,
      unnamed,
    },
  };
}

/** The `datasets` cell: names separated by '|', trimmed, empty parts ignored, duplicates once. */
export function splitDatasetNames(cell: string): { names: string[]; problem?: undefined } | { problem: string } {
  if (cell === '') return { names: [] };
  const names = new Set<string>();
  for (const part of cell.split('|')) {
    const name = part.trim();
    if (name === '' || names.has(name)) continue;
    if (name.length > MAX_NAME_LENGTH) {
      return { problem: `dataset name "${name.slice(0, 40)}…" is longer than ${MAX_NAME_LENGTH} characters` };
    }
    const problem = textProblem(name);
    if (problem) return { problem: `dataset name ${problem}` };
    names.add(name);
  }
  if (names.size > MAX_DATASETS_PER_CELL)
    return { problem: `names ${names.size} datasets; a cell may name at most ${MAX_DATASETS_PER_CELL}` };
  return { names: [...names] };
}

const blankText = /^\s*$/;
/** Distinct `datasets` cells seen (most files repeat a few combinations); bounded. */
const DATASET_CELL_CACHE_LIMIT = 10_000;

/** Turns records into entries for one upload; remembers parsed `datasets` cells. */
export class RecordReader {
  private readonly datasetCells = new Map<string, ReturnType<typeof splitDatasetNames>>();
  /** Different dataset names of the file so far (at most MAX_DATASETS_PER_FILE), and whether a row went over. */
  private readonly fileDatasets = new Set<string>();
  private tooManyDatasets = false;

  constructor(private readonly layout: CsvLayout) {}

  /**
   * The entry of one record; null when it has problems (appended to `problems`) or is a blank row
   * (no cell has anything), which is skipped.
   */
  read(fields: readonly string[], row: number, problems: RowProblem[]): EntryRow | null {
    const layout = this.layout;
    const input = fields[layout.input] ?? '';
    const inputIsBlank = blankText.test(input);
    if (fields.length !== layout.fieldCount || inputIsBlank) {
      if (fields.every((field) => field.trim() === '')) return null;
      if (fields.length !== layout.fieldCount) {
        problems.push({ row, column: null, problem: `has ${fields.length} cells but the header has ${layout.fieldCount}` });
        return null;
      }
    }
    const before = problems.length;

    const inputProblem = inputIsBlank
      ? 'must not be blank'
      : input.length > MAX_INPUT_LENGTH
        ? `is longer than ${MAX_INPUT_LENGTH} characters`
        : textProblem(input);
    if (inputProblem) problems.push({ row, column: 'input', problem: inputProblem });

    let description: string | null = null;
    if (layout.description >= 0) {
      description = fields[layout.description].trim() || null;
      const descriptionProblem =
        description === null
          ? undefined
          : description.length > MAX_DESCRIPTION_LENGTH
            ? `is longer than ${MAX_DESCRIPTION_LENGTH} characters`
            : textProblem(description);
      if (descriptionProblem) problems.push({ row, column: 'description', problem: descriptionProblem });
    }

    let datasets: readonly string[] = [];
    if (layout.datasets >= 0) {
      const cell = fields[layout.datasets];
      let parsed = this.datasetCells.get(cell);
      if (parsed === undefined) {
        // Kept beyond this row: a copy of its own, not a slice pinning the whole input chunk's text.
        const own = Buffer.from(cell).toString();
        parsed = splitDatasetNames(own);
        if (this.datasetCells.size >= DATASET_CELL_CACHE_LIMIT) this.datasetCells.clear();
        this.datasetCells.set(own, parsed);
      }
      if (parsed.problem !== undefined) problems.push({ row, column: 'datasets', problem: parsed.problem });
      else if (this.countDatasets(parsed.names)) datasets = parsed.names;
      else if (!this.tooManyDatasets) {
        this.tooManyDatasets = true; // the first row over the limit says it; later ones would repeat it
        const problem = `brings the file to more than ${MAX_DATASETS_PER_FILE} different dataset names, the most one file may name`;
        problems.push({ row, column: 'datasets', problem });
      }
    }

    let metadata: string | null = null;
    let metadataValue: Record<string, unknown> | null = null;
    if (layout.inputMetadata >= 0) {
      const cell = fields[layout.inputMetadata];
      const parsed = parseMetadata(cell);
      if (parsed.problem !== undefined) problems.push({ row, column: 'input_metadata', problem: parsed.problem });
      else if (parsed.value !== null) {
        metadataValue = parsed.value;
        metadata = cell; // jsonb parses it again; no need to re-serialise
      }
    }

    let extra: Record<string, string> | null = null;
    for (const { index, name } of layout.extras) {
      const cell = fields[index];
      if (cell === '') continue;
      const cellProblem = textProblem(cell);
      if (cellProblem) {
        problems.push({ row, column: name, problem: cellProblem });
        continue;
      }
      // A null prototype: a column named "__proto__" is just a key.
      extra ??= Object.create(null) as Record<string, string>;
      extra[name] = cell;
    }
    for (const index of layout.unnamed) {
      if (fields[index].trim() !== '') {
        problems.push({ row, column: null, problem: `column ${index + 1} has no header name, so its cells must be empty` });
      }
    }

    if (problems.length > before) return null;
    if (extra !== null) metadata = JSON.stringify(metadataValue === null ? extra : Object.assign(extra, metadataValue));
    return { input, metadata, description, datasets };
  }

  /** Adds the row's names to the file's; false when that would go past MAX_DATASETS_PER_FILE. */
  private countDatasets(names: readonly string[]): boolean {
    for (const name of names) {
      if (this.fileDatasets.has(name)) continue;
      if (this.fileDatasets.size >= MAX_DATASETS_PER_FILE) return false;
      this.fileDatasets.add(name);
    }
    return true;
  }
}
