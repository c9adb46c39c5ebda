import { describe, expect, it } from 'vitest';
import { IMAGE_URL_RULE, imageUrlProblem } from '../../server/search/image-url';

describe('imageUrlProblem', () => {
  it.each([
    'https://img.example.com/p1.jpg',
    'HTTP://img.example.com:8080/p1.jpg?size=2#top',
    'https://user@img.example.com/p1.jpg',
    'https://bücher.example/ä.png',
    '/images/p2.png',
    '/demo-images/P1.svg',
    '/',
  ])('accepts %s', (url) => {
    expect(imageUrlProblem(url)).toBeUndefined();
  });

  it.each([
    ['a script', 'javascript:alert(1)'],
    ['a script in capitals', 'JavaScript:alert(1)'],
    ['embedded data', 'data:image/svg+xml,<svg/>'],
    ['another scheme', 'ftp://files.example.com/p1.jpg'],
    ['a protocol-relative address', '//evil.example/x.png'],
    ['a protocol-relative address with a backslash', '/\\evil.example/x.png'],
    ['backslashes for slashes', '\\\\evil.example/x.png'],
    ['an http URL without a host', 'https:///x.png'],
    ['an http URL whose host is a backslash away', 'https:/\\evil.example/x.png'],
    ['a relative path', 'images/p1.png'],
    ['a bare host', 'img.example.com/p1.jpg'],
    ['an http URL that does not parse', 'https://exa%mple.com/x.png'],
  ])('refuses %s', (_, url) => {
    expect(imageUrlProblem(url)).toBe(IMAGE_URL_RULE);
  });

  it.each([
    ['a tab a browser would drop', '/\t/evil.example/x.png'],
    ['a line break', 'https://img.example.com/\np1.jpg'],
    ['a space', '/images/p 1.png'],
    ['a NUL', '/images/p1.png\0'],
  ])('refuses %s, saying why', (_, url) => {
    expect(imageUrlProblem(url)).toBe(`${IMAGE_URL_RULE}, without spaces or control characters`);
  });

  it('refuses a URL longer than 2,048 characters', () => {
    expect(imageUrlProblem(`/${'x'.repeat(2_047)}`)).toBeUndefined();
    expect(imageUrlProblem(`/${'x'.repeat(2_048)}`)).toBe('is longer than 2,048 characters');
  });
});
