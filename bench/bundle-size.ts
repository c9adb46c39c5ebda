// Reports the gzip size of the JavaScript that /login loads: the entry script of dist/index.html and every
// module it preloads or imports statically. Target: at most 100 KB. Run after `vite build`.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const limitKb = 100;

async function main() {
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/([^"]+\.js)"/g)].map((m) => m[1]);
  const seen = new Set<string>();
  const queue = [...entries];
  // Static imports of the entry chunks load with /login too; dynamic import() chunks do not.
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = await readFile(join(dist, file), 'utf8');
    for (const match of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w${}\s,*]+from\s*)?["']\.\/([^"']+\.js)["']/g)) {
      queue.push(join(file, '..', match[1]));
    }
  }
  let total = 0;
  for (const file of seen) {
    const size = gzipSync(await readFile(join(dist, file))).length;
    total += size;
    console.log(`  ${file}  ${(size / 1024).toFixed(1)} KB gzip`);
  }
  const kb = total / 1024;
  console.log(`JavaScript loaded by /login: ${kb.toFixed(1)} KB gzip (target ≤ ${limitKb} KB)`);
  if (kb > limitKb) {
    console.error(`Over the ${limitKb} KB budget.`);
    process.exitCode = 1;
  }
}

await main();
