/**
 * Console bulk-upload benchmark: `npm run bench:upload-console -- [--rows N]`.
 *
 * Builds the console, generates the benchmark CSV (bench/generate-csv.ts, ~80 MB for 1,000,000 rows) and,
 * each on a fresh reference server (PGlite), uploads it (1) straight to the API from Node, as bench:upload
 * does, and (2) through the console in Chromium: sign in, Dataset Entries, Bulk Upload, choose, Upload,
 * 'Upload Complete'. While the console uploads, a PerformanceObserver records the main thread's long tasks.
 * Targets: no task over 100 ms while uploading; console time within 25% of the API time.
 */
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { launchChromium } from '../test/browser/chromium';
import { signIn } from '../test/browser/console-session';
import { startServer, type RunningServer } from '../test/browser/server-process';
import { writeBenchmarkCsv, type GeneratedCsv } from './generate-csv';

const root = fileURLToPath(new URL('..', import.meta.url));
const password = 'bench-upload-console-password';
const MiB = 1024 * 1024;

async function main() {
  const { values } = parseArgs({ options: { rows: { type: 'string', default: '1000000' } } });
  const rows = Number(values.rows);
  if (!Number.isInteger(rows) || rows < 1) throw new Error(`--rows must be a positive integer, got ${values.rows}`);

  await build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
  const work = await mkdtemp(join(tmpdir(), 'bench-upload-console-'));
  try {
    const csvPath = join(work, 'entries.csv');
    const csv = await writeBenchmarkCsv(csvPath, rows);
    console.log(
      `CSV: ${csv.rows.toLocaleString('en')} rows, ${csv.mappings.toLocaleString('en')} mappings, ${(csv.bytes / MiB).toFixed(1)} MiB`,
    );
    const env = {
      CONSOLE_ADMIN_PASSWORD: password,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      UPLOAD_LIMIT_MB: String(Math.max(200, Math.ceil((csv.bytes * 1.1) / MiB))),
    };

    const apiSeconds = await withServer(env, (server) => uploadThroughApi(server, csvPath, csv));
    console.log(`API:     ${apiSeconds.toFixed(2)} s (${Math.round(csv.rows / apiSeconds).toLocaleString('en')} rows/s)`);
    const consoleRun = await withServer(env, (server) => uploadThroughConsole(server, csvPath, csv));
    console.log(
      `Console: ${consoleRun.seconds.toFixed(2)} s (${Math.round(csv.rows / consoleRun.seconds).toLocaleString('en')} rows/s); ` +
        `progress updates seen: ${consoleRun.progressSteps}`,
    );
    const ratio = consoleRun.seconds / apiSeconds;
    console.table({
      'API upload s': apiSeconds.toFixed(2),
      'console upload s': consoleRun.seconds.toFixed(2),
      'console / API': ratio.toFixed(3),
      'long tasks (>50 ms)': consoleRun.longTasks.length,
      'longest task ms': Math.round(Math.max(0, ...consoleRun.longTasks)),
      'tasks over 100 ms': consoleRun.longTasks.filter((ms) => ms > 100).length,
    });
    const ok = ratio <= 1.25 && consoleRun.longTasks.every((ms) => ms <= 100);
    console.log(`Targets: no main-thread task over 100 ms, console within 25% of the API: ${ok ? 'met' : 'NOT met'}`);
    if (!ok) process.exitCode = 1;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function withServer<T>(env: Record<string, string>, run: (server: RunningServer) => Promise<T>): Promise<T> {
  const server = await startServer({ env });
  try {
    return await run(server);
  } finally {
    await server.stop();
  }
}

/** A token from a real sign-in, then one streamed multipart POST from Node. */
async function uploadThroughApi(server: RunningServer, csvPath: string, csv: GeneratedCsv): Promise<number> {
  const browser = await launchChromium();
  let token: string;
  try {
    ({ token } = await signIn(await browser.newPage(), server.url, password));
  } finally {
    await browser.close();
  }
  const form = new FormData();
  form.append('file', await openAsBlob(csvPath, { type: 'text/csv' }), 'entries.csv');
  const started = performance.now();
  const response = await fetch(`${server.url}/api/service/dataset-entries/bulk-upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await response.json()) as { created_entries?: number };
  const seconds = (performance.now() - started) / 1000;
  if (response.status !== 200 || body.created_entries !== csv.rows)
    throw new Error(`API upload answered ${response.status} ${JSON.stringify(body)}`);
  return seconds;
}

async function uploadThroughConsole(server: RunningServer, csvPath: string, csv: GeneratedCsv) {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await signIn(page, server.url, password);
    await page.goto(`${server.url}/dataset-entries`);
    await page.getByText('No dataset entries yet.').waitFor();
    await page.getByRole('button', { name: 'Bulk Upload' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Upload' });
    await dialog.getByLabel('CSV file').setInputFiles(csvPath);
    await dialog.getByText(/^entries\.csv \(/).waitFor();
    // Long tasks and progress renders from here on, read back after the upload.
    await page.evaluate(() => {
      const record = { longTasks: [] as number[], progress: new Set<string>() };
      (window as unknown as { bench: typeof record }).bench = record;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) record.longTasks.push(entry.duration);
      }).observe({ type: 'longtask' });
      new MutationObserver(() => {
        const value = document.querySelector('[role="dialog"] progress')?.getAttribute('value');
        if (value) record.progress.add(value);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    const started = performance.now();
    await dialog.getByRole('button', { name: 'Upload' }).click();
    const summary = dialog.getByRole('region', { name: 'Upload Complete' });
    await summary.waitFor({ timeout: 30 * 60_000 });
    const seconds = (performance.now() - started) / 1000;
    const counts = await summary.locator('dd').allTextContents();
    if (Number(counts[0]) !== csv.rows) throw new Error(`the console reported ${counts.join(', ')}`);
    const { longTasks, progressSteps } = await page.evaluate(() => {
      const record = (window as unknown as { bench: { longTasks: number[]; progress: Set<string> } }).bench;
      return { longTasks: record.longTasks, progressSteps: record.progress.size };
    });
    return { seconds, longTasks, progressSteps };
  } finally {
    await browser.close();
  }
}

await main();
