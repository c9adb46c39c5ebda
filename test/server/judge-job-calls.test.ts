// How a judge job's pairs become calls (one query to a call, at most products_per_call products), and the
// estimate shown before it starts: pairs × the sampled prompts' size per pair at 4 characters a token, at the
// judge's prices, with 50 answer tokens a pair.
import { describe, expect, it } from 'vitest';
import { callsOf, jobEstimate } from '../../server/judges/job-calls';

const pair = (position: number, query: string, product_id: string) => ({ position, query, query_key: query, product_id });

describe('judge job calls', () => {
  it('asks about one query per call, at most products_per_call products at a time', () => {
    const pairs = [pair(1, 'sofa', 'p1'), pair(2, 'sofa', 'p2'), pair(3, 'sofa', 'p3'), pair(4, 'lamp', 'p4'), pair(5, 'sofa', 'p5')];
    expect(callsOf(pairs, 2).map((call) => call.map((p) => p.product_id))).toEqual([['p1', 'p2'], ['p3'], ['p4'], ['p5']]);
    expect(callsOf(pairs, 1)).toHaveLength(5);
  });

  it('estimates pairs × the prompt size per pair, and prices prompt and answer tokens', () => {
    // Two sampled calls: 400 characters for 2 pairs, 200 for 1: 100 + 50 tokens over 3 pairs, 50 tokens a pair.
    const sample = [
      { prompt: 'x'.repeat(400), pairs: 2 },
      { prompt: 'y'.repeat(200), pairs: 1 },
    ];
    expect(jobEstimate(30, sample, { price_per_1k_input: 2, price_per_1k_output: 10 })).toEqual({
      pairs: 30,
      prompt_tokens: 1500,
      // 1,500 × 2 / 1,000 + 30 × 50 × 10 / 1,000
      cost: 18,
    });
    expect(jobEstimate(0, [], { price_per_1k_input: 2, price_per_1k_output: 10 })).toEqual({ pairs: 0, prompt_tokens: 0, cost: 0 });
  });
});
