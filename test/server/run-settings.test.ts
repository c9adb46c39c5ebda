/** The run queue's settings: a job must be allowed to live longer than the slice it holds. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config';

const root = fileURLToPath(new URL('../..', import.meta.url));
const REFUSED =
  'RUN_JOB_EXPIRE_SECONDS (20) must be larger than RUN_SLICE_SECONDS (20): a run queue job lasts a slice, and one expiring first is worked again while it runs';

describe('run queue settings', () => {
  it('refuses RUN_JOB_EXPIRE_SECONDS not larger than RUN_SLICE_SECONDS, naming both', () => {
    expect(() => readConfig({ RUN_SLICE_SECONDS: '20', RUN_JOB_EXPIRE_SECONDS: '20' })).toThrow(REFUSED);
    expect(() => readConfig({ RUN_SLICE_SECONDS: '400' })).toThrow(
      /RUN_JOB_EXPIRE_SECONDS \(300\) must be larger than RUN_SLICE_SECONDS \(400\)/,
    );
    expect(readConfig({ RUN_SLICE_SECONDS: '20', RUN_JOB_EXPIRE_SECONDS: '21' }).runs).toMatchObject({
      sliceSeconds: 20,
      jobExpireSeconds: 21,
    });
  });

  it('a worker started with them stops at once with that message', () => {
    const worker = spawnSync(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', RUN_SLICE_SECONDS: '20', RUN_JOB_EXPIRE_SECONDS: '20' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(worker.status).toBe(1);
    expect(worker.stderr).toContain(`Configuration error: ${REFUSED}`);
  });
});
