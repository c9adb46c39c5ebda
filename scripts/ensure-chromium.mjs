#!/usr/bin/env node
// Makes sure a Chromium exists for the browser tests: CHROME_PATH, else /usr/bin/chromium,
// else Debian's `chromium` via apt-get when running as root. Never lets browser tests skip silently.
import { accessSync, constants } from 'node:fs';
import { spawnSync } from 'node:child_process';

const DEFAULT_PATH = '/usr/bin/chromium';

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function commandExists(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

function run(command, args) {
  console.log(`ensure-chromium: $ ${command} ${args.join(' ')}`);
  // stdio inherited so apt-get's progress shows as it happens
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) {
    fail(`\`${command} ${args.join(' ')}\` failed (exit ${result.status ?? result.signal}).`);
  }
}

function fail(reason) {
  console.error(
    [
      `ensure-chromium: ${reason}`,
      'The browser tests need Chromium and are never skipped. Either:',
      '  - install it:  sudo apt-get install -y --no-install-recommends chromium   (Debian/Ubuntu), or',
      '  - point CHROME_PATH at an existing Chromium/Chrome binary, e.g. CHROME_PATH=/usr/bin/google-chrome npm test',
    ].join('\n'),
  );
  process.exit(1);
}

const fromEnv = process.env.CHROME_PATH;
if (fromEnv) {
  if (isExecutable(fromEnv)) {
    console.log(`ensure-chromium: using CHROME_PATH=${fromEnv}`);
    process.exit(0);
  }
  fail(`CHROME_PATH=${fromEnv} is not an executable file.`);
}

if (isExecutable(DEFAULT_PATH)) {
  console.log(`ensure-chromium: using ${DEFAULT_PATH}`);
  process.exit(0);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot || !commandExists('apt-get')) {
  fail(
    `no Chromium at ${DEFAULT_PATH}, and it cannot be installed automatically ` +
      `(${isRoot ? 'apt-get is not available' : 'not running as root'}).`,
  );
}

console.log(`ensure-chromium: no Chromium at ${DEFAULT_PATH}; installing Debian's chromium with apt-get…`);
run('apt-get', ['update']);
run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium']);

if (!isExecutable(DEFAULT_PATH)) {
  fail(`apt-get finished but ${DEFAULT_PATH} is still missing.`);
}
console.log(`ensure-chromium: installed ${DEFAULT_PATH}`);
