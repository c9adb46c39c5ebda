/**
 * The catalogue import formats as pure functions: a CSV header and its records, or JSON Lines objects,
 * become products or numbered problems (CSV: spreadsheet rows, the header is 1; JSON Lines: lines).
 */
import { jsonProblemText, kindOf, parseMetadata, textProblem, truncate } from '../import/cell-checks';
import { jsonTextProblem } from '../import/json-safety';
import type { RowProblem } from '../import/import-problems';
import { MAX_PRODUCT_DESCRIPTION_LENGTH, MAX_PRODUCT_ID_LENGTH, MAX_PRODUCT_NAME_LENGTH } from '../schemas/limits';
import { imageUrlProblem } from './image-url';

/** One valid product, ready to be stored. */
export interface ProductRow {
  product_id: string;
  name: string;
  description: string;
  image_url: string | null;
  /** JSON object text. */
  attributes: string;
}

const KNOWN_COLUMNS = ['product_id', 'name', 'description', 'image_url', 'attributes'] as const;
type KnownColumn = (typeof KNOWN_COLUMNS)[number];
const REQUIRED: readonly KnownColumn[] = ['product_id', 'name'];

export interface CatalogueCsvLayout {
  fieldCount: number;
  /** Index of each known column; -1 when absent. */
  columns: Record<KnownColumn, number>;
  /** Any other named column: a non-empty cell becomes an attribute with the cell's text. */
  extras: ReadonlyArray<{ index: number; name: string }>;
}

/** Reads the CSV header: known columns match case-insensitively, names are trimmed. */
export function readCatalogueHeader(fields: readonly string[]): { layout: CatalogueCsvLayout } | { problems: RowProblem[] } {
  const columns = Object.fromEntries(KNOWN_COLUMNS.map((c) => [c, -1])) as Record<KnownColumn, number>;
  const extras: Array<{ index: number; name: string }> = [];
  const seen = new Set<string>();
  const problems: RowProblem[] = [];
  fields.forEach((raw, index) => {
    const name = raw.trim();
    if (name === '') {
      problems.push({ row: 1, column: null, problem: `column ${index + 1} has no name in the header` });
      return;
    }
    const lower = name.toLowerCase() as KnownColumn;
    const isKnown = KNOWN_COLUMNS.includes(lower);
    const key = isKnown ? lower : name;
    if (seen.has(key)) return void problems.push({ row: 1, column: name, problem: 'appears more than once in the header' });
    seen.add(key);
    const problem = textProblem(name);
    if (problem) problems.push({ row: 1, column: name, problem });
    else if (isKnown) columns[lower] = index;
    else extras.push({ index, name });
  });
  for (const column of REQUIRED) {
    if (columns[column] === -1 && !seen.has(column))
      problems.push({ row: 1, column, problem: 'required column is missing from the header' });
  }
  return problems.length > 0 ? { problems } : { layout: { fieldCount: fields.length, columns, extras } };
}

/** The product of one CSV record; null when it has problems (appended) or is blank (skipped). */
export function readCatalogueRecord(
  layout: CatalogueCsvLayout,
  fields: readonly string[],
  row: number,
  problems: RowProblem[],
): ProductRow | null {
  if (fields.length !== layout.fieldCount) {
    if (fields.every((field) => field.trim() === '')) return null;
    problems.push({ row, column: null, problem: `has ${fields.length} cells but the header has ${layout.fieldCount}` });
    return null;
  }
  const cell = (column: KnownColumn) => (layout.columns[column] === -1 ? '' : fields[layout.columns[column]]);
  let attributes: Record<string, unknown> = {};
  const before = problems.length;
  if (layout.columns.attributes !== -1) {
    const parsed = parseMetadata(cell('attributes'));
    if (parsed.problem !== undefined) problems.push({ row, column: 'attributes', problem: parsed.problem });
    else attributes = parsed.value ?? {};
  }
  for (const { index, name } of layout.extras) {
    const value = fields[index].trim();
    if (value === '') continue;
    const problem = textProblem(value);
    if (problem) problems.push({ row, column: name, problem });
    else attributes[name] = value;
  }
  const product = checkProduct(
    { product_id: cell('product_id'), name: cell('name'), description: cell('description'), image_url: cell('image_url') },
    row,
    problems,
  );
  return product && problems.length === before ? { ...product, attributes: JSON.stringify(attributes) } : null;
}

const FIELDS = new Set(['product_id', 'name', 'description', 'image_url', 'attributes']);

/** The product of one JSON Lines line; null when it has problems (appended) or is blank (skipped). */
export function readCatalogueLine(text: string, line: number, problems: RowProblem[]): ProductRow | null {
  if (text.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    problems.push({ row: line, column: null, problem: `is not valid JSON (${truncate((error as Error).message, 160)})` });
    return null;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    problems.push({ row: line, column: null, problem: `must be a JSON object, not ${kindOf(value)}` });
    return null;
  }
  const unsafe = jsonTextProblem(text);
  if (unsafe) {
    // Named by its top-level key: a product field, or an attribute.
    const [field, ...within] = unsafe.path;
    const column = typeof field === 'string' ? field : null;
    problems.push({ row: line, column, problem: jsonProblemText({ path: within, problem: unsafe.problem }) });
    return null;
  }
  const object = value as Record<string, unknown>;
  const before = problems.length;
  const texts: Record<'product_id' | 'name' | 'description' | 'image_url', string> = {
    product_id: '',
    name: '',
    description: '',
    image_url: '',
  };
  for (const field of ['product_id', 'name', 'description', 'image_url'] as const) {
    const item = object[field];
    if (item === undefined || item === null) continue;
    // Numeric ids are common in exports; they mean the same as their text.
    if (typeof item === 'string' || (field === 'product_id' && typeof item === 'number' && Number.isSafeInteger(item)))
      texts[field] = String(item);
    else problems.push({ row: line, column: field, problem: `must be a string, not ${kindOf(item)}` });
  }
  let attributes: Record<string, unknown> = {};
  const given = object.attributes;
  if (given !== undefined && given !== null) {
    if (typeof given === 'object' && !Array.isArray(given)) attributes = { ...(given as Record<string, unknown>) };
    else problems.push({ row: line, column: 'attributes', problem: `must be a JSON object, not ${kindOf(given)}` });
  }
  for (const [key, item] of Object.entries(object)) if (!FIELDS.has(key)) attributes[key] = item;
  const product = checkProduct(texts, line, problems);
  return product && problems.length === before ? { ...product, attributes: JSON.stringify(attributes) } : null;
}

/** The checks both formats share; appends problems and returns null when there are any. */
function checkProduct(
  cells: Record<'product_id' | 'name' | 'description' | 'image_url', string>,
  row: number,
  problems: RowProblem[],
): Omit<ProductRow, 'attributes'> | null {
  const before = problems.length;
  const check = (column: string, value: string, max: number, required: boolean) => {
    const problem =
      required && value === ''
        ? 'must not be blank'
        : value.length > max
          ? `is longer than ${max.toLocaleString('en')} characters`
          : textProblem(value);
    if (problem) problems.push({ row, column, problem });
  };
  const productId = cells.product_id.trim();
  const name = cells.name.trim();
  const description = cells.description.trim();
  const imageUrl = cells.image_url.trim();
  check('product_id', productId, MAX_PRODUCT_ID_LENGTH, true);
  check('name', name, MAX_PRODUCT_NAME_LENGTH, true);
  check('description', description, MAX_PRODUCT_DESCRIPTION_LENGTH, false);
  const imageProblem = imageUrl === '' ? undefined : (textProblem(imageUrl) ?? imageUrlProblem(imageUrl));
  if (imageProblem) problems.push({ row, column: 'image_url', problem: imageProblem });
  if (problems.length > before) return null;
  return { product_id: productId, name, description, image_url: imageUrl === '' ? null : imageUrl };
}
