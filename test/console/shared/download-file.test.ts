import { afterEach, describe, expect, it, vi } from 'vitest';
import { filenameFromContentDisposition, saveBlob } from '../../../src/services/download-file';

describe('filenameFromContentDisposition', () => {
  it.each([
    ['attachment; filename="run-12-results.csv"', 'run-12-results.csv'],
    ['attachment; filename=run-12.trec', 'run-12.trec'],
    ['attachment; filename="a \\"quoted\\" name.csv"', 'a "quoted" name.csv'],
    ['attachment; filename="fallback.csv"; filename*=UTF-8\'\'r%C3%A9sultats.csv', 'résultats.csv'],
    ['attachment; filename*=UTF-8\'\'%E0%A4%A.csv; filename="plain.csv"', 'plain.csv'],
    ['attachment; filename="../etc/passwd"', null],
    ['attachment', null],
    [null, null],
  ])('%j → %j', (header, name) => {
    expect(filenameFromContentDisposition(header)).toBe(name);
  });
});

describe('saveBlob', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('clicks a temporary download link to an object URL, removes it, and frees the URL later', () => {
    vi.useFakeTimers();
    const clicked: Array<{ href: string; download: string; attached: boolean }> = [];
    const onClick = (event: Event) => {
      const link = event.target as HTMLAnchorElement;
      event.preventDefault();
      clicked.push({ href: link.href, download: link.download, attached: link.isConnected });
    };
    document.addEventListener('click', onClick);
    const revokeObjectURL = vi.fn();
    const blob = new Blob(['a,b\n']);
    saveBlob(blob, 'run-3-results.csv', { document, createObjectURL: () => 'blob:console/123', revokeObjectURL });
    document.removeEventListener('click', onClick);
    expect(clicked).toEqual([{ href: 'blob:console/123', download: 'run-3-results.csv', attached: true }]);
    expect(document.querySelector('a')).toBeNull();
    expect(revokeObjectURL).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:console/123');
  });
});
