import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '../../src/domain/admin/audit-filters';

// The audit page's Action and Target filters offer every action and kind of target the server records: a
// new one written in the server and forgotten in the console could be found only by typing it in the address.

const repo = resolve(import.meta.dirname, '../..');

/** Every `name: 'value'` literal written in the server's source. */
async function serverLiterals(name: string): Promise<Set<string>> {
  const { stdout } = await promisify(execFile)('git', ['ls-files', 'server'], { cwd: repo });
  const found = new Set<string>();
  const literal = new RegExp(`\\b${name}: '([a-z_]+(?:\\.[a-z_]+)?)'`, 'g');
  for (const file of stdout.split('\n').filter((path) => path.endsWith('.ts'))) {
    for (const match of (await readFile(join(repo, file), 'utf8')).matchAll(literal)) found.add(match[1]);
  }
  return found;
}

describe("the audit page's filters", () => {
  it('offer every action the server records', async () => {
    const actions = await serverLiterals('action');
    expect(actions.size).toBeGreaterThan(20);
    expect([...actions].filter((action) => !(AUDIT_ACTIONS as readonly string[]).includes(action))).toEqual([]);
  });

  it('offer every kind of target the server records', async () => {
    const targets = await serverLiterals('target_type');
    expect(targets.size).toBeGreaterThan(8);
    expect([...targets].filter((target) => !(AUDIT_TARGET_TYPES as readonly string[]).includes(target))).toEqual([]);
  });
});
