#!/usr/bin/env node
// The checks `npm test` runs before the tests: the type check in one lane, the folder rules, unused code and
// formatting one after another in the other. Two lanes fit two cores and take the time of the type check
// alone. Each check's output is shown once it ends; any failure fails the whole, naming the checks that failed.
import { spawn } from 'node:child_process';

const lanes = [['typecheck'], ['check:deps', 'check:unused', 'format:check']];

function run(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      process.stdout.write(`\n> npm run ${script}: ${code === 0 ? 'passed' : `failed (exit ${code})`}\n${output}`);
      resolve(code === 0);
    });
  });
}

const failed = [];
await Promise.all(
  lanes.map(async (lane) => {
    for (const script of lane) if (!(await run(script))) failed.push(script);
  }),
);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
