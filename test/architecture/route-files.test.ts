import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Route files hold schemas and one-call handlers; SQL, transactions and the audit live in the server's
// modules per resource (server/datasets, server/golden-sets, …), where a newcomer looks for them.

const repo = resolve(import.meta.dirname, '../..');
/** What a call to the database looks like in our code: the storage interface's methods, or SQL text. */
const DATABASE_CALL = /\.(query|transaction|exec|copyCsv)\s*[<(]|\b(SELECT|INSERT INTO|UPDATE|DELETE FROM)\s+[\w*]/;

/** Each line of `text` that calls the database, with its number. */
function databaseCalls(text: string): string[] {
  return text.split('\n').flatMap((line, index) => (DATABASE_CALL.test(line) ? [`${index + 1}: ${line.trim()}`] : []));
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.ts')).map((entry) => join(entry.parentPath, entry.name));
}

describe('route files', () => {
  it('are recognised when they call the database or hold SQL', () => {
    const planted = [
      "const { rows } = await db.query<{ id: number }>('SELECT 1');",
      'return db.transaction(async (tx) => tx.exec(sql));',
      "await tx.copyCsv('products', COLUMNS, text);",
      '`DELETE FROM datasets WHERE id = $1`',
      "const summary = 'Create a dataset'; // schemas and handlers only",
    ].join('\n');
    expect(databaseCalls(planted).map((line) => Number(line.split(':')[0]))).toEqual([1, 2, 3, 4]);
  });

  it('under server/routes/ neither call the database nor hold SQL', async () => {
    const found: Record<string, string[]> = {};
    for (const file of await filesUnder(join(repo, 'server/routes'))) {
      const calls = databaseCalls(await readFile(file, 'utf8'));
      if (calls.length > 0) found[relative(repo, file)] = calls;
    }
    expect(found).toEqual({});
  });
});
