import { describe, expect, it } from 'vitest';
import { indentJsonStart } from '../../../src/domain/experiments/json-start';

// Try a query shows the start of an answer its pointers did not fit; laid out, a person sees its shape.
describe('the start of a JSON answer, laid out', () => {
  it('indents whole JSON two spaces a level, one member a line', () => {
    expect(indentJsonStart('{"data":{"items":[{"sku":"p1","tags":[]},{"sku":"p2"}]},"took":3}')).toBe(
      [
        '{',
        '  "data": {',
        '    "items": [',
        '      {',
        '        "sku": "p1",',
        '        "tags": []',
        '      },',
        '      {',
        '        "sku": "p2"',
        '      }',
        '    ]',
        '  },',
        '  "took": 3',
        '}',
      ].join('\n'),
    );
  });

  it('lays out a start cut mid-way, and leaves brackets, commas and quotes inside strings alone', () => {
    expect(indentJsonStart('{"hits":{"hits":[{"_source":{"title":"Sofa, {grey} \\"L\\" [2m]","sku":"A1')).toBe(
      [
        '{',
        '  "hits": {',
        '    "hits": [',
        '      {',
        '        "_source": {',
        '          "title": "Sofa, {grey} \\"L\\" [2m]",',
        '          "sku": "A1',
      ].join('\n'),
    );
  });

  it('gives back what does not start like JSON as it is', () => {
    expect(indentJsonStart('<html><body>Not found</body></html>')).toBe('<html><body>Not found</body></html>');
  });
});
