/**
 * The prompt a model judge sends: its template filled in with the set's scale, the query, the products and
 * the guidelines, and what shape the answer must have. Pure.
 */

/** What a model judge grades against: the golden set's scale. */
export interface JudgeScale {
  max_grade: number;
  /** labels[g] names grade g. */
  labels: readonly string[];
}

/** A product as the model sees it: its id and the catalogue fields the judge shows. */
export interface JudgedProduct {
  product_id: string;
  fields: Readonly<Record<string, unknown>>;
}

export const DEFAULT_PROMPT_TEMPLATE = `You judge how relevant products are to a shopper's search query in an online shop.

Grades:
{scale}

{guidelines}

Query: {query}

{products}

{answer_format}`;

const PLACEHOLDERS = ['{query}', '{products}', '{scale}', '{guidelines}', '{answer_format}'];
const REQUIRED = ['{query}', '{products}'];
/** `{word}`: a JSON example in a template ({"grade": 1}) does not look like one. */
const ANY_PLACEHOLDER = /\{[A-Za-z_][A-Za-z0-9_]*\}/g;

/** What is wrong with a template (missing or unknown placeholders); empty when it can be used. */
export function templateProblems(template: string): string[] {
  const missing = REQUIRED.filter((placeholder) => !template.includes(placeholder));
  const unknown = [...new Set(template.match(ANY_PLACEHOLDER) ?? [])].filter((placeholder) => !PLACEHOLDERS.includes(placeholder));
  return [
    ...missing.map((placeholder) => `has no ${placeholder}: the model would not see what it grades`),
    ...unknown.map((placeholder) => `contains the unknown placeholder ${placeholder}; only ${PLACEHOLDERS.join(', ')} are replaced`),
  ];
}

const scaleText = ({ max_grade, labels }: JudgeScale) =>
  Array.from({ length: max_grade + 1 }, (_, grade) => `${grade} = ${labels[grade] ?? `Grade ${grade}`}`).join('\n');

const fieldText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

function productsText(products: readonly JudgedProduct[], fields: readonly string[]): string {
  return products
    .map((product) => {
      const lines = fields.filter((field) => product.fields[field] != null).map((field) => `${field}: ${fieldText(product.fields[field])}`);
      return [`Product ${product.product_id}:`, ...lines].join('\n');
    })
    .join('\n\n');
}

/** The answer's shape: one grade, or (several products) a grade per product id. */
function answerFormat(scale: JudgeScale, several: boolean): string {
  const grade = `<integer from 0 to ${scale.max_grade}>`;
  return several
    ? `Answer with JSON only: {"grades": [{"product_id": "<id>", "grade": ${grade}, "explanation": "<text>"}]}, one item for each product above.`
    : `Answer with JSON only: {"grade": ${grade}, "explanation": "<text>"}`;
}

export interface PromptInput {
  template: string;
  guidelines: string;
  productFields: readonly string[];
  scale: JudgeScale;
  query: string;
  products: readonly JudgedProduct[];
}

/**
 * The filled-in prompt. One pass, so text a query or a product brings in ("{query}") is never replaced again;
 * the answer's shape is appended when the template does not place it.
 */
export function judgePrompt({ template, guidelines, productFields, scale, query, products }: PromptInput): string {
  const values: Record<string, string> = {
    '{query}': query,
    '{products}': productsText(products, productFields),
    '{scale}': scaleText(scale),
    '{guidelines}': guidelines.trim() === '' ? '' : `Guidelines:\n${guidelines.trim()}`,
    '{answer_format}': answerFormat(scale, products.length > 1),
  };
  const placed = template.includes('{answer_format}') ? template : `${template.trimEnd()}\n\n{answer_format}`;
  const filled = placed.replace(ANY_PLACEHOLDER, (placeholder) => values[placeholder] ?? placeholder);
  // An empty {guidelines} would leave a gap of blank lines.
  return filled.replace(/\n{3,}/g, '\n\n').trim();
}
