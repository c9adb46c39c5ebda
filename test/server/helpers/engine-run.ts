/**
 * Runs the engine makes itself, as the tests of what is read from runs need them: an app whose worker searches
 * the built-in catalogue, a golden set uploaded as CSV, and a dataset of entries added here (with metadata
 * when given), scored by the built-in script.
 */
import { expect } from 'vitest';
import type { Part } from './multipart';
import { startTestApp, type Backend, type EndedRun, type TestApp, type TestAppOptions } from './test-app';

const API = '/api/backend';

export interface EngineRuns {
  t: TestApp;
  goldenSetId: number;
  scriptId: number;
  datasetId: number;
  /** Imports a catalogue CSV: its products added, or replaced by id. */
  importCatalogue(csv: string): Promise<void>;
  /** A new entry in the dataset; its id. */
  addEntry(input: string, metadata?: Record<string, unknown> | null): Promise<number>;
  /** An experiment over the dataset that searches the built-in catalogue, scored against the golden set with `config`; its id. */
  addExperiment(name: string, config: object): Promise<number>;
  /** Starts a run of the experiment through the API and answers it once it has ended. */
  finishedRun(experimentId: number): Promise<EndedRun & { experiment_id: number }>;
}

interface Fixture {
  /** Names the dataset; the golden set is "<name> set". */
  name: string;
  /** Catalogue CSV imported first. */
  catalogue: string;
  /** Judgements CSV of the golden set. */
  judgements: string;
}

/** `options` add to the app's (an alert verdict, a listener of the runs' ends). */
export async function startEngineRuns(
  backend: Backend,
  { name, catalogue, judgements }: Fixture,
  options: TestAppOptions = {},
): Promise<EngineRuns> {
  const t = await startTestApp(backend, {}, { ...options, runWorker: true, slice: { retryDelaysMs: [10], ...options.slice } });
  const upload = async (url: string, parts: Array<[string, Part]>) => {
    const response = await t.upload(`${API}${url}`, parts);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json<{ id: number }>();
  };
  const importCatalogue = async (csv: string) => void (await upload('/catalogue/import', [['file', { file: csv }]]));
  await importCatalogue(catalogue);
  const { id: goldenSetId } = await upload('/golden-sets/', [
    ['name', `${name} set`],
    ['file', { file: judgements }],
  ]);
  const script = await t.db.query<{ id: number }>(`SELECT id FROM evaluation_scripts WHERE engine = 'golden-set-relevance'`);
  const scriptId = Number(script.rows[0].id);
  const dataset = await t.db.query<{ id: number }>(`INSERT INTO datasets (name, description) VALUES ($1, 'x') RETURNING id`, [name]);
  const datasetId = Number(dataset.rows[0].id);
  return {
    t,
    goldenSetId,
    scriptId,
    datasetId,
    importCatalogue,
    async addEntry(input, metadata) {
      const entry = await t.db.query<{ id: number }>('INSERT INTO dataset_entries (input, input_metadata) VALUES ($1, $2) RETURNING id', [
        input,
        metadata ? JSON.stringify(metadata) : null,
      ]);
      await t.db.query('INSERT INTO dataset_entry_mappings (dataset_id, dataset_entry_id) VALUES ($1, $2)', [datasetId, entry.rows[0].id]);
      return Number(entry.rows[0].id);
    },
    async addExperiment(experimentName, config) {
      const experiment = await t.call('POST', `${API}/experiments/`, {
        name: experimentName,
        evaluation_script_id: scriptId,
        dataset_id: datasetId,
        config: { search_target: { kind: 'builtin' }, golden_set_id: goldenSetId, ...config },
      });
      expect(experiment.statusCode, experiment.body).toBe(201);
      return Number(experiment.json().id);
    },
    async finishedRun(experimentId) {
      const started = await t.call('POST', `${API}/experiments/${experimentId}/runs`);
      expect(started.statusCode, started.body).toBe(202);
      return (await t.runUntilEnded(started.json().id)) as EndedRun & { experiment_id: number };
    },
  };
}
