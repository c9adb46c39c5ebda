// The experiment workbench's data as the console reads it: the shapes are the reference
// server's (server/schemas/), imported as types only.
import type { ExperimentDetails, ExperimentWithConfig, NewExperiment, ExperimentChanges } from '../../../server/schemas/experiments';
import type { TryQuery, TryResult } from '../../../server/schemas/search-try';
import type { HttpTargetConfig } from '../../../server/schemas/run-config';
import type { ExperimentRun } from '../../../server/schemas/runs';
import type { CatalogueFacts, RunResultWithNames } from '../../../server/schemas/results';
import type { RunSummary } from './evaluation-backend-types';

export type {
  ExperimentDetails,
  ExperimentWithConfig,
  NewExperiment,
  ExperimentChanges,
  TryQuery,
  TryResult,
  HttpTargetConfig,
  RunResultWithNames,
  CatalogueFacts,
};
export type { CoverageAnswer } from '../../../server/schemas/coverage';
export type { StoredRunConfig } from '../../../server/schemas/run-config';

/** A run as the runs table lists it: with its summary and the configuration it ran with (this server sends both). */
export type ListedRun = ExperimentRun & { summary?: RunSummary; config?: Record<string, unknown> | null };

/** What the form offers to choose from. */
export type Choice = { id: number; name: string };
type ScriptChoice = Choice & { runsHere: boolean };
export type FormOptions = { datasets: Choice[]; scripts: ScriptChoice[]; goldenSets: Choice[] };
