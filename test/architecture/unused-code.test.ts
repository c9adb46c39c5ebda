import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify, stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The unused-code check (knip with our knip.jsonc), run exactly as `npm test` runs it, over a small tree laid
// out like ours: clean it passes, with the files our config names as entries (a CLI no script names, the
// scripts a browser loads by URL) and axe-core, which is read by path; each planted finding fails it, named.

const run = promisify(execFile);
const repo = resolve(import.meta.dirname, '../..');
const knip = join(repo, 'node_modules/.bin/knip');

const packageJson = (extra: { dependencies?: Record<string, string>; devDependencies?: Record<string, string> } = {}) =>
  JSON.stringify({
    name: 'tree',
    private: true,
    type: 'module',
    scripts: { dev: 'vite', serve: 'node --import tsx server/main.ts', 'bench:list': 'tsx bench/list.ts' },
    dependencies: { tsx: '4.0.0', ...extra.dependencies },
    devDependencies: { 'axe-core': '4.0.0', vite: '8.0.0', ...extra.devDependencies },
  });

const cleanTree: Record<string, string> = {
  'package.json': packageJson(),
  'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx' } }),
  'vite.config.ts': 'export default {};\n',
  'index.html': '<script type="module" src="/src/main.tsx"></script>\n',
  'src/main.tsx': "import { formatDate } from './format-date';\ndocument.title = formatDate(new Date());\n",
  'src/format-date.ts': 'export const formatDate = (date: Date) => date.toISOString();\n',
  'public/silent-callback.js': 'window.close();\n',
  'server/routes.ts': "export const listRoute = () => 'list';\n",
  'server/main.ts': "import { listRoute } from './routes';\nconsole.log(listRoute());\n",
  'server/cli/user.ts': "import { listRoute } from '../routes';\nconsole.log(listRoute());\n",
  'server/identity/assets/logout.js': "document.getElementById('form')?.submit();\n",
  'bench/list.ts': "import { listRoute } from '../server/routes';\nconsole.log(listRoute());\n",
};

async function writeTree(root: string, files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  await copyFile(join(repo, 'knip.jsonc'), join(root, 'knip.jsonc'));
  // Knip reads the installed packages' manifests (which binary each one ships, which plugin to enable).
  await symlink(join(repo, 'node_modules'), join(root, 'node_modules'));
}

// CI may force colours (FORCE_COLOR); the findings are asserted without them.
const env = { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' };

async function check(root: string): Promise<{ failed: boolean; output: string }> {
  try {
    const { stdout, stderr } = await run(knip, [], { cwd: root, env });
    return { failed: false, output: stripVTControlCharacters(`${stdout}${stderr}`) };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: unknown; stdout: string; stderr: string };
    if (code === 'ENOENT') throw new Error(`${knip} is missing: npm install (or npm ci) installs knip`);
    return { failed: true, output: stripVTControlCharacters(`${stdout}${stderr}`) };
  }
}

let clean: string;
let planted: string;

beforeAll(async () => {
  clean = await mkdtemp(join(tmpdir(), 'unused-clean-'));
  planted = await mkdtemp(join(tmpdir(), 'unused-planted-'));
  await writeTree(clean, cleanTree);
  await writeTree(planted, {
    ...cleanTree,
    'package.json': packageJson({ dependencies: { ofetch: '1.0.0' }, devDependencies: { 'csv-parse': '7.0.0' } }),
    'src/format-date.ts':
      'export const formatDate = (date: Date) => date.toISOString();\n' +
      'export const formatTime = (date: Date) => date.toTimeString();\n' +
      'export type DateText = string;\n',
    'src/planted-orphan.ts': 'export const orphan = 1;\n',
    'server/routes.ts': "import leftPad from 'left-pad';\nexport const listRoute = () => leftPad('list', 8);\n",
  });
});

afterAll(async () => {
  await rm(clean, { recursive: true, force: true });
  await rm(planted, { recursive: true, force: true });
});

describe('the unused-code check (npm test runs it over the real tree)', () => {
  it('passes a tree with nothing unused', async () => {
    const { failed, output } = await check(clean);
    expect(output.trim()).toBe('');
    expect(failed).toBe(false);
  });

  it('fails on each planted finding, naming it', async () => {
    const { failed, output } = await check(planted);
    expect(failed).toBe(true);
    expect(output).toMatch(/Unused files \(1\)\nsrc\/planted-orphan\.ts/);
    expect(output).toMatch(/Unused dependencies \(1\)\nofetch +package\.json/);
    expect(output).toMatch(/Unused devDependencies \(1\)\ncsv-parse +package\.json/);
    expect(output).toMatch(/Unlisted dependencies \(1\)\nleft-pad +server\/routes\.ts/);
    expect(output).toMatch(/Unused exports \(1\)\nformatTime +src\/format-date\.ts/);
    expect(output).toMatch(/Unused exported types \(1\)\nDateText +type +src\/format-date\.ts/);
  });
});
