import { describe, expect, it } from 'vitest';
import { planJudgementKeys, planResultKeys, resultSlot, type StoredJudgement } from '../../../server/storage/query-key-merges';

const judgement = (id: number, query: string, at: string, grade = 1, product_id = 'p1'): StoredJudgement => ({
  id,
  golden_set_id: 1,
  query,
  query_key: query,
  product_id,
  grade,
  judged_at: `2024-01-0${at}T00:00:00.000Z`,
});

describe('planJudgementKeys', () => {
  it('keeps the most recent of the judgements that meet under one key, the later row when at the same time', () => {
    const staying = judgement(1, 'café', '3', 3);
    const older = { ...judgement(2, 'cafe\u0301', '1'), key: 'café' };
    const sameTime = { ...judgement(3, 'caf\u00e9\u200b', '3', 2), key: 'café' };
    const { moves, merges } = planJudgementKeys([older, sameTime], [staying]);
    expect(moves).toEqual([sameTime]);
    expect(merges).toEqual([
      { key: 'café', kept: sameTime, dropped: staying },
      { key: 'café', kept: sameTime, dropped: older },
    ]);
  });

  it('moves a judgement that meets none, and leaves a newer one staying where it is', () => {
    const alone = { ...judgement(4, 'tea\u200bpot', '1', 1, 'p2'), key: 'teapot' };
    const staying = judgement(5, 'café', '2');
    const older = { ...judgement(6, 'cafe\u0301', '1'), key: 'café' };
    const { moves, merges } = planJudgementKeys([alone, older], [staying, staying]);
    expect(moves).toEqual([alone]);
    expect(merges).toEqual([{ key: 'café', kept: staying, dropped: older }]);
  });
});

describe('planResultKeys', () => {
  it("moves every result but a counted one whose new key its run's counted results already hold", () => {
    const result = (id: number, run_id: number, counted: boolean) => ({ id, run_id, counted, query_key: `old ${id}`, key: 'café' });
    const moved = planResultKeys(
      [result(3, 1, true), result(2, 1, true), result(4, 1, false), result(5, 2, true)],
      new Set([resultSlot(2, 'café')]),
    );
    expect(moved.map((r) => r.id)).toEqual([2, 4]);
  });
});
