import { chmod, lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Takes group and others' rights off `folder` and everything in it. PGlite writes a fresh data
 * folder's files 0666 whatever the umask (its system catalogs too); PostgreSQL's own later files
 * are 0600 already.
 */
export async function makeOwnerOnly(folder: string): Promise<void> {
  const entries = await readdir(folder, { recursive: true });
  for (const path of [folder, ...entries.map((entry) => join(folder, entry))]) {
    const info = await lstat(path);
    if (info.isSymbolicLink()) continue;
    const { mode } = info;
    if (mode & 0o077) await chmod(path, mode & 0o700);
  }
}
