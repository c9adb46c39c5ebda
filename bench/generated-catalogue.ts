/** The benchmarks' generated product catalogue: seeded, so every machine builds the same one. */
import { writeFile } from 'node:fs/promises';
import { copyField } from '../server/import/copy-text';
import { seededRandom } from '../server/evaluation/seeded-random';
import { readWandsQueries } from '../server/demo/wands-queries';

export const COLOURS = [
  'black',
  'white',
  'grey',
  'navy',
  'beige',
  'ivory',
  'green',
  'blue',
  'red',
  'walnut',
  'natural',
  'gold',
  'silver',
  'teal',
];
export const MATERIALS = [
  'oak',
  'pine',
  'walnut',
  'velvet',
  'linen',
  'leather',
  'cotton',
  'wool',
  'jute',
  'metal',
  'glass',
  'marble',
  'rattan',
  'acacia',
];
export const STYLES = [
  'modern',
  'rustic',
  'farmhouse',
  'mid-century',
  'industrial',
  'coastal',
  'traditional',
  'scandinavian',
  'bohemian',
  'minimalist',
];
const FEATURES = [
  'with storage',
  'with drawers',
  'adjustable',
  'foldable',
  'water-resistant',
  'hand-made',
  'set of 2',
  'extra large',
  'for kids',
  'outdoor',
];
const BRANDS = [
  'Alder & Ash',
  'Birchline',
  'Casa Nova',
  'Driftwood Co',
  'Elm Street',
  'Fernhill',
  'Greystone',
  'Harbor House',
  'Ivy Lane',
  'Juniper',
];

/** A CSV of `count` products and the search queries (WANDS queries, seeded order). */
export async function writeCatalogue(path: string, count: number, searches: number) {
  const wands = readWandsQueries();
  const random = seededRandom(20240607);
  const lines = ['product_id,name,description,image_url,brand,colour'];
  for (let i = 0; i < count; i++) {
    const query = random.pick(wands);
    const colour = random.pick(COLOURS);
    const material = random.pick(MATERIALS);
    const brand = random.pick(BRANDS);
    const name = `${brand} ${random.pick(STYLES)} ${random.next() < 0.5 ? `${colour} ` : ''}${query.query}${random.next() < 0.4 ? ` ${random.pick(FEATURES)}` : ''}`;
    const description =
      `A ${random.pick(STYLES)} ${query.queryClass.toLowerCase()} in ${material}, ${colour} finish. ` +
      `Pairs well with ${random.pick(wands).query}; ${random.pick(FEATURES)}. Generated benchmark product.`;
    const id = `B${String(i).padStart(6, '0')}`;
    lines.push([id, name, description, `/images/${id}.jpg`, brand, colour].map(copyField).join(','));
  }
  const text = `${lines.join('\n')}\n`;
  await writeFile(path, text);
  const queries = Array.from({ length: searches }, () => random.pick(wands).query);
  return { bytes: Buffer.byteLength(text), queries };
}
