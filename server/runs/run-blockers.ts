/**
 * What keeps an experiment from running here, as sentences a person can act on: starting a run refuses
 * with the first (409), and the runs page shows them all beside a disabled 'Run experiment'.
 */
import Ajv from 'ajv';
import type { Queryable } from '../db/database';
import { rowCount } from '../db/row-counts';
import { RunConfigSchema, type StoredRunConfig } from '../schemas/run-config';
import { configProblems, withDefaults, type RunConfig } from './experiment-config';

export const GOLDEN_SET_RELEVANCE = 'golden-set-relevance';

const isValidConfig = new Ajv({ strict: false, discriminator: true }).compile<StoredRunConfig>(RunConfigSchema);

/** An experiment as starting a run reads it. */
export interface ExperimentFacts {
  id: number;
  name: string;
  config: unknown;
  dataset_id: number;
  dataset_name: string;
  script_name: string;
  engine: string | null;
}

/** SELECT's columns and FROM for ExperimentFacts (`e` the experiment, `s` its script, `d` its dataset). */
export const EXPERIMENT_FACTS = 'e.id, e.name, e.config, e.dataset_id, d.name AS dataset_name, s.name AS script_name, s.engine';
export const EXPERIMENT_FACTS_FROM =
  'experiments e JOIN evaluation_scripts s ON s.id = e.evaluation_script_id JOIN datasets d ON d.id = e.dataset_id';

export interface Blocker {
  message: string;
  /** Config problems, one per field (the 409's details). */
  problems?: string[];
}

/** Every reason the experiment cannot run now; empty when it can. The config with its defaults when it has one. */
export async function runBlockers(db: Queryable, experiment: ExperimentFacts): Promise<{ blockers: Blocker[]; config?: RunConfig }> {
  const blockers: Blocker[] = [];
  const named = `Experiment '${experiment.name}'`;
  if (experiment.engine !== GOLDEN_SET_RELEVANCE) {
    blockers.push({
      message: `${named} uses the script '${experiment.script_name}', which this server cannot run; experiments using 'Golden set relevance' can.`,
    });
  }
  let config: RunConfig | undefined;
  if (!isValidConfig(experiment.config)) {
    blockers.push({
      message: `${named} has no run configuration: set its search target and golden set (Edit on its runs page, or PATCH /api/backend/experiments/${experiment.id}).`,
    });
  } else {
    config = withDefaults(experiment.config);
    const problems = await configProblems(db, config);
    if (problems.length > 0) blockers.push({ message: `${named} cannot run: ${problems.join('; ')}`, problems });
  }
  // The dataset's size now (its kept count); the run's copy sets the exact total.
  if ((await rowCount(db, 'dataset', experiment.dataset_id)) === 0) {
    blockers.push({ message: `${named} cannot run: its dataset '${experiment.dataset_name}' has no entries.` });
  }
  return { blockers, config };
}
