/** How many of a product's attributes a card shows beside its description. */
const SHOWN = 4;

/**
 * A few of a product's attributes as "key: value" pairs for a card (colour, material, price…): the first
 * few whose value is a text or a number, in the catalogue's order; nested values and flags are left to the
 * product's own page.
 */
export function keyAttributes(attributes: Record<string, unknown> | null | undefined): Array<{ key: string; value: string }> {
  return Object.entries(attributes ?? {})
    .filter((entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number')
    .filter(([, value]) => String(value).trim() !== '')
    .slice(0, SHOWN)
    .map(([key, value]) => ({ key, value: String(value) }));
}
