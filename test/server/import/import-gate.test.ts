import { describe, expect, it } from 'vitest';
import { createImportGate } from '../../../server/import/import-gate';

describe('the import gate', () => {
  it('lets two imports write at once and starts the third when one ends, in arrival order', async () => {
    const gate = createImportGate(2);
    const started: string[] = [];
    const finishers = new Map<string, () => void>();
    const enter = (name: string) =>
      gate(async () => {
        started.push(name);
        await new Promise<void>((resolve) => finishers.set(name, resolve));
        return name;
      });
    const results = ['a', 'b', 'c', 'd'].map(enter);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a', 'b']);
    finishers.get('b')!();
    expect(await results[1]).toBe('b');
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a', 'b', 'c']);
    finishers.get('a')!();
    finishers.get('c')!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    finishers.get('d')!();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('frees the slot of an import that fails', async () => {
    const gate = createImportGate(1);
    await expect(gate(() => Promise.reject(new Error('bad row')))).rejects.toThrow('bad row');
    expect(await gate(async () => 'next')).toBe('next');
  });
});
