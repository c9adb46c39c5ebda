import { defineConfig } from 'vitest/config';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

// Every test sees UTC, whatever the machine's zone: dates render the same everywhere.
process.env.TZ = 'UTC';
const env = { TZ: 'UTC' };

// Each project carries all it needs; the root holds nothing else for them to inherit.
export default defineConfig({
  test: {
    // Vitest's default on a two-core machine is one worker (cores − 1): files then run one by one while the
    // browser and server files mostly wait on the processes they start. Two keep CI inside its budget.
    maxWorkers: 2,
    // Each project's `sequence.groupOrder` runs the projects one after another (console and architecture, then
    // server, then browser) instead of all at once: a browser file's server and Chromium beside a server file's
    // databases oversubscribed two cores, and the whole run took twice the sum of the projects run alone.
    projects: [
      {
        plugins: [vanillaExtractPlugin()],
        oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
        test: {
          name: 'console',
          environment: 'jsdom',
          sequence: { groupOrder: 0 },
          include: ['test/console/**/*.test.{ts,tsx}'],
          env,
          // One module cache and one jsdom per worker: the per-file import of React, XState and the views was half
          // of these files' time. The setup file has each file leave the page as it found it.
          isolate: false,
          setupFiles: ['test/console/helpers/file-isolation.ts'],
        },
      },
      {
        test: {
          name: 'architecture',
          environment: 'node',
          sequence: { groupOrder: 0 },
          include: ['test/architecture/**/*.test.ts'],
          env,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          sequence: { groupOrder: 1 },
          include: ['test/server/**/*.test.ts'],
          env,
          // One module cache per worker, as for the console: importing Fastify, the databases and the routes once
          // per worker instead of once per file takes the server tests from about 400 s to 265 s. Every file builds
          // its own app and database and restores what it sets in the environment; they pass in shuffled order.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A migrated database per backend that each test file copies.
          globalSetup: ['test/server/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'browser',
          environment: 'node',
          sequence: { groupOrder: 2 },
          include: ['test/browser/**/*.test.ts'],
          env,
          testTimeout: 60_000,
          // A page that reloads and fetches can take seconds beside a full run on two cores; polls wait 10 s, not 1.
          expect: { poll: { timeout: 10_000 } },
          // Each file starts a server and Chromium first (test/browser/server-process.ts waits up to 90 s).
          hookTimeout: 120_000,
          // Builds the console once into dist/ and fails loudly when Chromium is missing.
          globalSetup: ['test/browser/global-setup.ts'],
        },
      },
    ],
  },
});
