import { describe, expect, it } from 'vitest';
import { keyAttributes } from '../../../src/domain/catalogue/key-attributes';

describe('a product’s key attributes', () => {
  it('keeps the first four texts and numbers, in the catalogue’s order', () => {
    expect(
      keyAttributes({
        colour: 'red',
        generated: true,
        size: { w: 2 },
        material: 'oak',
        price: 499,
        blank: ' ',
        style: 'modern',
        finish: 'matt',
      }),
    ).toEqual([
      { key: 'colour', value: 'red' },
      { key: 'material', value: 'oak' },
      { key: 'price', value: '499' },
      { key: 'style', value: 'modern' },
    ]);
  });

  it('is empty for no attributes', () => {
    expect(keyAttributes(null)).toEqual([]);
    expect(keyAttributes({})).toEqual([]);
  });
});
