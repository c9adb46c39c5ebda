import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify, stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The folder rules of .dependency-cruiser.cjs, run exactly as `npm test` runs them, over a small tree laid
// out like ours: clean it passes; each planted violation fails with the rule's name and the offending import.

const run = promisify(execFile);
const repo = resolve(import.meta.dirname, '../..');
const depcruise = join(repo, 'node_modules/.bin/depcruise');

const cleanTree: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx' } }),
  'src/services/api-client.ts': 'export const get = (path: string) => fetch(path);\n',
  'src/domain/format-date.ts': 'export const formatDate = (date: Date) => date.toISOString();\n',
  'src/machines/list.machine.ts':
    "import { formatDate } from '../domain/format-date';\nexport const list = () => formatDate(new Date());\n",
  'src/views/ListPage.tsx': "import { list } from '../machines/list.machine';\nexport const ListPage = () => list();\n",
  'src/logic/list-logic.ts':
    "import { get } from '../services/api-client';\nimport { list } from '../machines/list.machine';\nexport const listLogic = { get, list };\n",
  'src/console-logic.ts':
    "import { get } from './services/api-client';\nimport { list } from './machines/list.machine';\nexport const logic = { get, list };\n",
  'server/schemas/datasets.ts': 'export const DatasetSchema = { type: "object" };\nexport type Dataset = { id: number };\n',
  'server/limits.ts': 'export const MAX_ROWS = 10;\n',
  'server/routes/datasets.ts':
    "import { MAX_ROWS } from '../limits';\nimport { DatasetSchema } from '../schemas/datasets';\nexport const route = { MAX_ROWS, DatasetSchema };\n",
  'server/runs/start-run.ts': "import { MAX_ROWS } from '../limits';\nexport const startRun = () => MAX_ROWS;\n",
  'src/domain/api-types.ts': "import type { Dataset } from '../../server/schemas/datasets';\nexport type ConsoleDataset = Dataset;\n",
};

async function writeTree(root: string, files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
}

// CI may force colours (FORCE_COLOR); the rule texts are asserted without them.
const env = { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' };

async function check(root: string): Promise<{ failed: boolean; output: string }> {
  try {
    const { stdout } = await run(depcruise, ['src', 'server', '--config', join(repo, '.dependency-cruiser.cjs')], { cwd: root, env });
    return { failed: false, output: stripVTControlCharacters(stdout) };
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    return { failed: true, output: stripVTControlCharacters(`${stdout}${stderr}`) };
  }
}

let clean: string;
let planted: string;

beforeAll(async () => {
  clean = await mkdtemp(join(tmpdir(), 'rules-clean-'));
  planted = await mkdtemp(join(tmpdir(), 'rules-planted-'));
  await writeTree(clean, cleanTree);
  await writeTree(planted, {
    ...cleanTree,
    'src/views/PlantedPage.tsx': "import { get } from '../services/api-client';\nexport const PlantedPage = () => get('/');\n",
    'src/services/planted-service.ts': "import { list } from '../machines/list.machine';\nexport const planted = list;\n",
    'src/domain/planted-a.ts': "import { b } from './planted-b';\nexport const a = () => b;\n",
    'src/domain/planted-b.ts': "import { a } from './planted-a';\nexport const b = () => a;\n",
    'src/views/PlantedLogicPage.tsx':
      "import { listLogic } from '../logic/list-logic';\nexport const PlantedLogicPage = () => listLogic;\n",
    'server/runs/planted-run.ts': "import { route } from '../routes/datasets';\nexport const planted = route;\n",
    'server/search/planted-search.ts': "import { startRun } from '../runs/start-run';\nexport const search = startRun;\n",
    'server/runs/planted-runs.ts': "import { search } from '../search/planted-search';\nexport const runs = search;\n",
    'server/identity/planted-identity.ts': "import { route } from '../routes/datasets';\nexport const identity = route;\n",
    'src/domain/planted-schema-value.ts':
      "import { DatasetSchema } from '../../server/schemas/datasets';\nexport const schema = DatasetSchema;\n",
  });
});

afterAll(async () => {
  await rm(clean, { recursive: true, force: true });
  await rm(planted, { recursive: true, force: true });
});

describe('the folder rules (npm test runs them over the real tree)', () => {
  it('pass a tree that keeps them', async () => {
    const { failed, output } = await check(clean);
    expect(output).toContain('no dependency violations found');
    expect(failed).toBe(false);
  });

  it('fail on each planted violation, naming the rule and the import', async () => {
    const { failed, output } = await check(planted);
    expect(failed).toBe(true);
    expect(output).toContain('views-and-machines-never-import-services: src/views/PlantedPage.tsx → src/services/api-client.ts');
    expect(output).toContain('services-never-import-machines-or-views: src/services/planted-service.ts → src/machines/list.machine.ts');
    expect(output).toContain('only-the-composition-root-imports-logic: src/views/PlantedLogicPage.tsx → src/logic/list-logic.ts');
    expect(output).toMatch(/no-import-cycles: src\/domain\/planted-(a|b)\.ts →/);
    expect(output).toContain('server-capabilities-never-import-routes: server/runs/planted-run.ts → server/routes/datasets.ts');
    expect(output).toContain('server-capabilities-never-import-routes: server/identity/planted-identity.ts → server/routes/datasets.ts');
    // Two folders that import each other, though no file is in a cycle.
    expect(output).toMatch(/no-folder-cycles-in-the-server: server\/(search|runs) →\s+server\/(runs|search) →\s+server\/(search|runs)/);
    expect(output).toContain(
      'console-imports-server-schemas-as-types-only: src/domain/planted-schema-value.ts → server/schemas/datasets.ts',
    );
  });
});
