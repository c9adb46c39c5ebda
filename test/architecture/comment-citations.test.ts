import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// A comment says what the code does and why in its own words: the number of a tracker's issue, or a section of
// a specification the repository does not hold, tells the next reader nothing they can open.

const repo = resolve(import.meta.dirname, '../..');
const FOLDERS = ['src', 'server', 'test', 'bench', 'scripts', '.ci'];
const CITATION = /\bissues? \d+|spec ?§/i;

/** Each line of `text` that cites an issue number or a section of a specification, with its number. */
function citations(text: string): string[] {
  return text.split('\n').flatMap((line, index) => (CITATION.test(line) ? [`${index + 1}: ${line.trim()}`] : []));
}

describe('tracked files', () => {
  it('are recognised when they cite an issue number or a section of a specification', () => {
    // Built from pieces, so that this file does not cite one itself.
    const issue = (words: string) => `${'Issue'}${words}`;
    const section = (space: string, n: number) => `${'spec'}${space}§${n}`;
    const planted = [
      `/** Clock skew allowed on exp/nbf/iat, as in ${section(' ', 9)}. */`,
      `// Who is calling (${issue(' 17').toLowerCase()}): the token's subject`,
      `-- Triage and reproducible means (${issue('s 13, 14').toLowerCase()}).`,
      `/** ${section('', 3).toUpperCase()} "Experiment". */`,
      "const issuer = 'https://issuer.example/17';",
      '// A tissue 5 cm wide; the § sign alone; the issue this fixes is named in the commit.',
    ];
    expect(citations(planted.join('\n')).map((line) => Number(line.split(':')[0]))).toEqual([1, 2, 3, 4]);
  });

  it('cite no issue number and no section of a specification', async () => {
    const { stdout } = await promisify(execFile)('git', ['ls-files', '--', ...FOLDERS], { cwd: repo });
    const found: string[] = [];
    for (const file of stdout.split('\n').filter((name) => name !== '')) {
      const text = await readFile(join(repo, file), 'utf8').catch(() => '');
      found.push(...citations(text).map((line) => `${file}:${line}`));
    }
    expect(found).toEqual([]);
  });
});
