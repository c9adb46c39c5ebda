// Grading from the keyboard in Chromium: from a grade keystroke to the next painted frame, and
// from the keystroke to the end of the save's answer. Targets: paint under 16 ms and save under 100 ms
// (medians; p95 and max are printed too). Measured in the judge queue of a run of the demo data, and on the
// golden set page (a judgement row's grade changed). Starts the real server (PGlite, demo data), signs in
// for real and drives the built console; one keystroke at a time, each waiting for its save.
//   npm run bench:judging-keys [-- --samples 40]
import type { Page } from 'playwright-core';
import { launchChromium } from '../test/browser/chromium';
import { signIn } from '../test/browser/console-session';
import { startServer } from '../test/browser/server-process';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ''), process.argv[i + 1]);
const samples = Number(args.get('samples') ?? 40);
const password = 'bench-judging-keys-password';
const RUNNABLE = 'Built-in search · WANDS US golden set';
const PAINT_TARGET_MS = 16;
const SAVE_TARGET_MS = 100;

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)];
const p95 = (values: number[]) => sorted(values)[Math.min(values.length - 1, Math.floor(values.length * 0.95))];
const summary = (name: string, values: number[]) =>
  `${name.padEnd(36)} median ${median(values).toFixed(1)} ms, p95 ${p95(values).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms (${values.length})`;

type Timings = { paint: number; save: number };

/**
 * Arms the page for one keystroke: its event time, the frame after the next paint, and the end of the first
 * judgement save (a fetch) that starts after it, all on the page's own clock.
 */
async function armKeystroke(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { measured: Promise<{ paint: number; save: number }> };
    w.measured = new Promise((resolve) => {
      document.addEventListener(
        'keydown',
        (event) => {
          const start = event.timeStamp;
          const paint = new Promise<number>((done) => requestAnimationFrame(() => setTimeout(() => done(performance.now() - start), 0)));
          const save = new Promise<number>((done) => {
            const observer = new PerformanceObserver((list) => {
              const entry = list.getEntries().find((e) => e.name.includes('/judgements/') && e.startTime >= start) as
                PerformanceResourceTiming | undefined;
              if (!entry) return;
              observer.disconnect();
              done(entry.responseEnd - start);
            });
            observer.observe({ type: 'resource' });
          });
          void Promise.all([paint, save]).then(([p, s]) => resolve({ paint: p, save: s }));
        },
        { capture: true, once: true },
      );
    });
  });
}

async function keystroke(page: Page, key: string): Promise<Timings> {
  await armKeystroke(page);
  await page.keyboard.press(key);
  return page.evaluate(() => (window as unknown as { measured: Promise<Timings> }).measured);
}

async function main() {
  const server = await startServer({ env: { CONSOLE_ADMIN_PASSWORD: password, LOG_LEVEL: 'warn' } });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const { token } = await signIn(page, server.url, password);
    const get = async <T>(path: string) => {
      const response = await fetch(`${server.url}/api/backend/${path}`, { headers: { Authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
      return { data: (await response.json()) as T, total: Number(response.headers.get('x-total-count')) };
    };
    const { data: experiments } = await get<Array<{ id: number; name: string }>>('experiments/?page=1&page_size=100');
    const experiment = experiments.find((e) => e.name === RUNNABLE)!;
    const { data: runs } = await get<Array<{ id: number; status: string }>>(`experiment-runs/by_experiment/${experiment.id}`);
    const runId = runs.find((r) => r.status === 'success')!.id;
    const { data: run } = await get<{ config: { golden_set_id: number } }>(`experiment-runs/${runId}`);
    const { total: unjudged } = await get(`experiment-runs/${runId}/unjudged/?page_size=1`);
    if (unjudged < samples) throw new Error(`the run has ${unjudged} unjudged pairs, fewer than --samples ${samples}`);

    // The judge queue: each grade takes the card to the next product.
    await page.goto(`${server.url}/experiment-run-results/${runId}/judge`);
    const card = page.getByRole('region', { name: 'Grade this product' });
    await card.waitFor();
    await card.focus();
    const queue: Timings[] = [];
    for (let n = 0; n < samples; n++) {
      queue.push(await keystroke(page, String(n % 4)));
      // A page boundary shows the loading state until the next page is in: wait for the card again.
      await card.waitFor();
      if (!(await card.evaluate((element) => element === document.activeElement))) await card.focus();
    }

    // The golden set page: a judgement row's grade changed from the keyboard.
    const setId = run.config.golden_set_id;
    const { data: queries } = await get<{ results: Array<{ query: string }> }>(`golden-sets/${setId}/queries/?page=1&page_size=1`);
    const query = queries.results[0].query;
    await page.goto(`${server.url}/golden-sets/${setId}?query=${encodeURIComponent(query)}`);
    const row = page
      .getByRole('table', { name: `Judgements of “${query}”` })
      .locator('tbody tr')
      .first();
    await row.waitFor();
    await row.focus();
    const rows: Timings[] = [];
    for (let n = 0; n < samples; n++) rows.push(await keystroke(page, String(n % 4)));

    console.log(`Grade keystrokes in Chromium (PGlite, demo data; run ${runId} has ${unjudged} unjudged pairs)`);
    console.log(
      `  ${summary(
        'judge queue: keystroke → painted',
        queue.map((t) => t.paint),
      )}`,
    );
    console.log(
      `  ${summary(
        'judge queue: keystroke → saved',
        queue.map((t) => t.save),
      )}`,
    );
    console.log(
      `  ${summary(
        'golden set page: keystroke → painted',
        rows.map((t) => t.paint),
      )}`,
    );
    console.log(
      `  ${summary(
        'golden set page: keystroke → saved',
        rows.map((t) => t.save),
      )}`,
    );
    const misses = [
      median(queue.map((t) => t.paint)) >= PAINT_TARGET_MS && 'judge queue paint median',
      median(queue.map((t) => t.save)) >= SAVE_TARGET_MS && 'judge queue save median',
      median(rows.map((t) => t.paint)) >= PAINT_TARGET_MS && 'golden set page paint median',
      median(rows.map((t) => t.save)) >= SAVE_TARGET_MS && 'golden set page save median',
    ].filter(Boolean);
    console.log(
      misses.length === 0
        ? `  every target met (paint < ${PAINT_TARGET_MS} ms, save < ${SAVE_TARGET_MS} ms)`
        : `  MISSED: ${misses.join('; ')}`,
    );
    if (misses.length > 0) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
