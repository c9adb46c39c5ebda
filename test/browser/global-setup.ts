import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { chromiumPath } from './chromium';
import { ADMIN_PASSWORD, startServer } from './server-process';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

// Runs once before the browser tests: they need a Chromium, the built console in dist/, and two stopped
// servers' data folders (with the demo data, and without) that each test file copies to start its own.
export default async function setup(project: TestProject) {
  const executable = chromiumPath();
  try {
    accessSync(executable, constants.X_OK);
  } catch {
    throw new Error(
      `No Chromium at ${executable}. Run \`node scripts/ensure-chromium.mjs\` (installs Debian's chromium as root) ` +
        'or set CHROME_PATH to a Chromium binary. Browser tests are never skipped.',
    );
  }
  const folder = await mkdtemp(join(tmpdir(), 'sec-browser-templates-'));
  const templates = { demo: join(folder, 'demo'), empty: join(folder, 'empty') };
  const made = (dataDir: string, demo: boolean) =>
    startServer({ env: { DATA_DIR: dataDir, CONSOLE_ADMIN_PASSWORD: ADMIN_PASSWORD, DEMO_DATA: String(demo) } }).then((server) =>
      server.stop(),
    );
  await Promise.all([buildConsole(), made(templates.demo, true), made(templates.empty, false)]);
  project.provide('serverTemplates', templates);
  return () => rm(folder, { recursive: true, force: true });
}

/**
 * `vite build` as `npm start` runs it: in a process of its own, because this one has NODE_ENV=test (set by the
 * test runner), with which Vite would build React's development bundle, slower and not what users load.
 */
function buildConsole(): Promise<void> {
  const env = { ...process.env, NODE_ENV: 'production' };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`))));
  });
}
