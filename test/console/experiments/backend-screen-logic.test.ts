import { describe, expect, it, vi } from 'vitest';
import { readPassedRunResult } from '../../../src/domain/runs/passed-run-result';
import { parseRouteId } from '../../../src/domain/shell/route-id';
import { createScriptNameCache, withScriptNames } from '../../../src/domain/experiments/script-names';
import type { ExperimentRunResult } from '../../../src/domain/experiments/evaluation-backend-types';

describe('parseRouteId (missing identifiers)', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    [undefined, null],
    ['', null],
    ['0', null],
    ['-3', null],
    ['1.5', null],
    ['12x', null],
    [' 7', null],
    ['99999999999999999999', null],
  ])('%j → %j', (text, id) => {
    expect(parseRouteId(text)).toBe(id);
  });
});

describe('script names (each distinct script fetched once)', () => {
  it('fetches each distinct script once across calls, concurrent ones included', async () => {
    const fetchScript = vi.fn(async (id: number) => ({ name: `Script ${id}` }));
    const cache = createScriptNameCache(fetchScript);
    const [first, second] = await Promise.all([cache.namesOf([1, 2, 1]), cache.namesOf([2])]);
    expect([...first]).toEqual([
      [1, 'Script 1'],
      [2, 'Script 2'],
    ]);
    expect([...second]).toEqual([[2, 'Script 2']]);
    await cache.namesOf([3, 1]);
    expect(fetchScript.mock.calls.map(([id]) => id)).toEqual([1, 2, 3]);
  });

  it('throws a failed fetch and asks again next time', async () => {
    let fail = true;
    const fetchScript = vi.fn(async (id: number) => {
      if (fail) throw new Error('boom');
      return { name: `Script ${id}` };
    });
    const cache = createScriptNameCache(fetchScript);
    await expect(cache.namesOf([4])).rejects.toThrow('boom');
    fail = false;
    expect([...(await cache.namesOf([4]))]).toEqual([[4, 'Script 4']]);
    expect(fetchScript).toHaveBeenCalledTimes(2);
  });

  it('adds each experiment’s script name', () => {
    expect(withScriptNames([{ id: 1, evaluation_script_id: 2 }], new Map([[2, 'Judge']]))).toEqual([
      { id: 1, evaluation_script_id: 2, evaluation_script_name: 'Judge' },
    ]);
  });
});

describe('readPassedRunResult', () => {
  const result: ExperimentRunResult = {
    id: 5,
    experiment_configuration: {},
    created_at: '2026-01-01T00:00:00Z',
    result: { input: 'q', status: 'PASS' },
  };

  it('takes the row passed for this id', () => {
    expect(readPassedRunResult({ result, runId: 2, page: 1 }, 5)).toEqual({ result, runId: 2, page: 1 });
  });

  it.each([
    ['no state', null, 5],
    ['another row', { result, runId: 2, page: 1 }, 6],
    ['an invalid id', { result, runId: 2, page: 1 }, null],
    ['no run', { result, page: 1 }, 5],
    ['a row without its result', { result: { ...result, result: null }, runId: 2, page: 1 }, 5],
  ])('is null for %s', (_, state, id) => {
    expect(readPassedRunResult(state, id)).toBeNull();
  });
});
