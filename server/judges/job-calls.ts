/**
 * How a judge job's pairs become calls, and what a job is estimated to cost before it starts. Pure.
 */
import type { JudgeJobEstimate } from '../schemas/judge-jobs';

export interface JobPair {
  position: number;
  query: string;
  query_key: string;
  product_id: string;
}

/** Consecutive pairs of one query, at most `perCall` to a call (a call asks about one query). */
export function callsOf<P extends JobPair>(pairs: readonly P[], perCall: number): P[][] {
  const calls: P[][] = [];
  for (const pair of pairs) {
    const last = calls.at(-1);
    if (last && last.length < perCall && last[0].query_key === pair.query_key) last.push(pair);
    else calls.push([pair]);
  }
  return calls;
}

/** The rule of thumb for English text: about 4 characters a token. */
const CHARS_PER_TOKEN = 4;
/** An answer's {grade, explanation} per pair: a sentence of explanation and the JSON around it. */
const ANSWER_TOKENS_PER_PAIR = 50;

export const roundCost = (cost: number) => Math.round(cost * 1e6) / 1e6;

/**
 * pairs × the average prompt size per pair of the sampled prompts (each prompt shared by the pairs it asks
 * about), at the judge's prices, with ANSWER_TOKENS_PER_PAIR answer tokens per pair.
 */
export function jobEstimate(
  pairs: number,
  sample: readonly { prompt: string; pairs: number }[],
  prices: { price_per_1k_input: number; price_per_1k_output: number },
): JudgeJobEstimate {
  const sampledPairs = sample.reduce((sum, call) => sum + call.pairs, 0);
  const sampledTokens = sample.reduce((sum, call) => sum + Math.ceil(call.prompt.length / CHARS_PER_TOKEN), 0);
  const promptTokens = sampledPairs === 0 ? 0 : Math.round((pairs * sampledTokens) / sampledPairs);
  const cost = (promptTokens * prices.price_per_1k_input + pairs * ANSWER_TOKENS_PER_PAIR * prices.price_per_1k_output) / 1000;
  return { pairs, prompt_tokens: promptTokens, cost: roundCost(cost) };
}
