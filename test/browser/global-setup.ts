import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
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
  await Promise.all([
    build({ root: repoRoot, configFile: `${repoRoot}vite.config.ts`, logLevel: 'warn' }),
    made(templates.demo, true),
    made(templates.empty, false),
  ]);
  project.provide('serverTemplates', templates);
  return () => rm(folder, { recursive: true, force: true });
}
