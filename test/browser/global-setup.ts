import { accessSync, constants } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { chromiumPath } from './chromium';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

// Runs once before the browser tests: they need a Chromium and the built console in dist/.
export default async function setup() {
  const executable = chromiumPath();
  try {
    accessSync(executable, constants.X_OK);
  } catch {
    throw new Error(
      `No Chromium at ${executable}. Run \`node scripts/ensure-chromium.mjs\` (installs Debian's chromium as root) ` +
        'or set CHROME_PATH to a Chromium binary. Browser tests are never skipped.',
    );
  }
  await build({ root: repoRoot, configFile: `${repoRoot}vite.config.ts`, logLevel: 'warn' });
}
