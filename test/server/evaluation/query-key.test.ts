import { describe, expect, it } from 'vitest';
import { queryKey } from '../../../server/evaluation/query-key';

describe('queryKey', () => {
  it('trims, collapses white space and lower-cases', () => {
    expect(queryKey('  Red \t  SOFA\n ')).toBe('red sofa');
    expect(queryKey('red sofa')).toBe('red sofa');
    expect(queryKey('Äpfel\u00a0Kiste')).toBe('äpfel kiste');
    expect(queryKey('   ')).toBe('');
  });

  it('keys text that looks the same alike: composed or decomposed accents (NFC, NFD as macOS writes it)', () => {
    const nfc = 'Caf\u00e9 cr\u00e8me';
    const nfd = 'Cafe\u0301 cre\u0300me';
    expect(nfd).not.toBe(nfc);
    expect(queryKey(nfd)).toBe(queryKey(nfc));
    expect(queryKey(nfd)).toBe('caf\u00e9 cr\u00e8me');
    expect(queryKey('CAFE\u0301')).toBe('caf\u00e9');
  });

  it('drops zero-width characters, wherever they are', () => {
    for (const invisible of ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff']) {
      expect(queryKey(`red${invisible} sofa${invisible}`), JSON.stringify(invisible)).toBe('red sofa');
      expect(queryKey(`${invisible}red${invisible}sofa`), JSON.stringify(invisible)).toBe('redsofa');
      expect(queryKey(`red ${invisible} sofa`), JSON.stringify(invisible)).toBe('red sofa');
    }
    expect(queryKey('\u200b')).toBe('');
  });

  it('takes no-break and other Unicode spaces for white space', () => {
    for (const space of ['\u00a0', '\u2007', '\u202f', '\u2009', '\u3000', '\u205f', '\u1680']) {
      expect(queryKey(`${space}red${space}${space}sofa${space}`), JSON.stringify(space)).toBe('red sofa');
    }
  });
});
