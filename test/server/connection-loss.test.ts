/**
 * pg-boss 10 completes a job without awaiting the statement: a session ended at that moment rejects with
 * nobody listening. The worker and server must log it and stay up; any other such rejection still ends them.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { isConnectionLoss } from '../../server/db/connection-loss';

function runWithHandler(rejection: string) {
  const script = `
    import { surviveLostConnectionRejections } from './server/db/connection-loss.ts';
    surviveLostConnectionRejections((message) => console.log(message));
    Promise.reject(${rejection});
    setTimeout(() => console.log('still up'), 50);
  `;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
}

describe('a lost connection rejecting with nobody listening', () => {
  it('is logged and the process stays up', () => {
    const child = runWithHandler(`Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })`);
    expect(child.status).toBe(0);
    expect(child.stdout).toContain('PostgreSQL connection lost during a queue update (57P01); its job will expire and be retried');
    expect(child.stdout).toContain('still up');
  });

  it('any other rejection still ends the process', () => {
    const child = runWithHandler(`new Error('a defect')`);
    expect(child.status).not.toBe(0);
    expect(child.stderr).toContain('a defect');
    expect(child.stdout).not.toContain('still up');
  });

  it('counts session ends and broken sockets as losses, not SQL errors', () => {
    expect(isConnectionLoss({ code: '57P01' })).toBe(true);
    expect(isConnectionLoss({ code: '08006' })).toBe(true);
    expect(isConnectionLoss(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionLoss({ code: 'ECONNRESET', message: 'read ECONNRESET' })).toBe(true);
    expect(isConnectionLoss({ code: '23505' })).toBe(false);
    expect(isConnectionLoss({ code: '57014' })).toBe(false); // a cancelled statement
    expect(isConnectionLoss(undefined)).toBe(false);
  });
});
