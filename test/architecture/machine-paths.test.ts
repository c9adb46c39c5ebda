import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// A tracked file names only paths inside the repository: a folder of one machine (a home, a workspace, a
// note kept beside the checkout) means nothing to the next reader, or to CI.

const repo = resolve(import.meta.dirname, '../..');
const MACHINE_PATH = /(?<![\w.])\/(work|root|home|Users)\/[\w.-]+/;

/** Each line of `text` that names a folder of one machine, with its number. */
function machinePaths(text: string): string[] {
  return text.split('\n').flatMap((line, index) => (MACHINE_PATH.test(line) ? [`${index + 1}: ${line.trim()}`] : []));
}

describe('tracked files', () => {
  it('are recognised when they name a folder of one machine', () => {
    // Built from pieces, so that this file does not name such a folder itself.
    const root = (folder: string) => `/${folder}/`;
    const planted = [
      `// as ${root('work')}notes/judging-api.md words them`,
      `const home = '${root('home')}alice/data';`,
      "fetch('/api/work/1')",
      "const api = '/api/service/';",
    ];
    expect(machinePaths(planted.join('\n')).map((line) => Number(line.split(':')[0]))).toEqual([1, 2]);
  });

  it('name no folder of one machine', async () => {
    const { stdout } = await promisify(execFile)('git', ['ls-files'], { cwd: repo });
    const found: Record<string, string[]> = {};
    for (const file of stdout.split('\n').filter((name) => /\.(ts|tsx|mjs|cjs|js|sql|md|json|html|sh)$|^\.ci\//.test(name))) {
      const text = await readFile(join(repo, file), 'utf8').catch(() => '');
      const lines = machinePaths(text);
      if (lines.length > 0) found[file] = lines;
    }
    expect(found).toEqual({});
  });
});
