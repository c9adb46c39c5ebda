import { describe, expect, it } from 'vitest';
import { imageSource } from '../../../src/domain/catalogue/image-source';

describe('imageSource', () => {
  it.each(['https://img.example.com/p1.jpg', 'HTTP://img.example.com/p1.jpg', '/images/p1.png', '/demo-images/P1.svg'])('shows %s', (url) =>
    expect(imageSource(url)).toBe(url),
  );

  it.each([
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'data:image/svg+xml,<svg/>',
    '//evil.example/x.png',
    '/\\evil.example/x.png',
    '/\t/evil.example/x.png',
    'https:///x.png',
    'images/p1.png',
    '',
    null,
    undefined,
  ])('shows nothing for %j', (url) => expect(imageSource(url)).toBeUndefined());
});
