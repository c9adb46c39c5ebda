// The console's mix sent at a steady arrival rate, for the API benchmark (bench/api.ts). Open loop: each request
// starts on its schedule whatever the earlier ones are doing, and its time counts from that scheduled start, so a
// slow answer delays nobody's clock and shows in full (a closed loop would send less while the server is slow
// and hide it). Rates are tried from the lowest up, and the sweep stops once a rate has clearly collapsed.
import { seededRandom } from '../server/evaluation/seeded-random';
import type { BenchServer } from './bench-server';
import { kindChooser, type RequestKind } from './api-mix';
import { percentile } from './support/percentile';

export interface OpenLoopStep {
  rate: number;
  seconds: number;
  /** Per kind: times from each request's scheduled start to its whole answer, in ms. */
  latencies: number[][];
  /** Answers other than 200, and requests with no answer in time (timeouts, socket errors). */
  failures: number;
  failureSamples: string[];
  /** How late the generator itself started its requests, at worst (ms): above a few ms the figures are the bench's, not the server's. */
  worstStartDelayMs: number;
}

const TIMEOUT_MS = 10_000;

/** Sends `rate` requests a second for `seconds`, spaced evenly, each a kind drawn by weight; answers once every request ended. */
export async function openLoop(
  server: BenchServer,
  token: string,
  kinds: RequestKind[],
  options: { rate: number; seconds: number; seed: number },
): Promise<OpenLoopStep> {
  const random = seededRandom(options.seed);
  const choose = kindChooser(kinds, random);
  const count = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const latencies: number[][] = kinds.map(() => []);
  const failureSamples: string[] = [];
  let failures = 0;
  let worstStartDelayMs = 0;
  const pending: Promise<void>[] = [];
  const started = performance.now();

  const send = async (kind: number, path: string, scheduled: number) => {
    try {
      const response = await fetch(`${server.origin}${path}`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const body = await response.text();
      if (response.status === 200) latencies[kind].push(performance.now() - scheduled);
      else {
        failures++;
        if (failureSamples.length < 5) failureSamples.push(`${kinds[kind].name}: ${response.status} ${body.slice(0, 200)}`);
      }
    } catch (error) {
      failures++;
      if (failureSamples.length < 5) failureSamples.push(`${kinds[kind].name}: ${(error as Error).message}`);
    }
  };

  for (let n = 0; n < count; n++) {
    const scheduled = started + n * interval;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    worstStartDelayMs = Math.max(worstStartDelayMs, performance.now() - scheduled);
    const kind = choose();
    pending.push(send(kind, kinds[kind].path(random), scheduled));
  }
  await Promise.all(pending);
  return { rate: options.rate, seconds: options.seconds, latencies, failures, failureSamples, worstStartDelayMs };
}

/**
 * The rates in turn, each after the server is idle again (`settle`). A rate whose p99 passed `giveUpMs` or that
 * had failures ends the sweep: a higher one would only queue longer.
 */
export async function openLoopSweep(
  rates: readonly number[],
  step: (rate: number) => Promise<OpenLoopStep>,
  settle: () => Promise<unknown>,
  giveUpMs: number,
): Promise<OpenLoopStep[]> {
  const steps: OpenLoopStep[] = [];
  for (const rate of rates) {
    await settle();
    console.log(`  ${rate} requests/s…`);
    const result = await step(rate);
    steps.push(result);
    if (
      result.failures > 0 ||
      percentile(
        result.latencies.flat().sort((a, b) => a - b),
        99,
      ) > giveUpMs
    )
      break;
  }
  return steps;
}
