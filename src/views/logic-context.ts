import { createContext, useContext } from 'react';
import type { createDatasetMachine } from '../machines/create-dataset.machine';
import type { dashboardMachine } from '../machines/dashboard.machine';
import type { datasetEditorMachine } from '../machines/dataset-editor.machine';
import type { entryEditorMachine } from '../machines/entry-editor.machine';
import type { entryListMachine } from '../machines/entry-list.machine';
import type { evaluationDetailMachine } from '../machines/evaluation-detail.machine';
import type { experimentRunsMachine } from '../machines/experiment-runs.machine';
import type { fileExportMachine } from '../machines/file-export.machine';
import type { pagedListMachine } from '../machines/paged-list.machine';
import type { renameGoldenSetMachine } from '../machines/rename-golden-set.machine';
import type { resourceMachine } from '../machines/resource.machine';
import type { runResultDetailsMachine } from '../machines/run-result-details.machine';
import type { scriptFilterMachine } from '../machines/script-filter.machine';
import type { uploadGoldenSetMachine } from '../machines/upload-golden-set.machine';

// The machines of the screens with their real actors bound (providers.ts), or with a test's fakes.
// Views start their actors from these; they never see a service.
export type ConsoleLogic = {
  datasetList: typeof pagedListMachine;
  createDataset: typeof createDatasetMachine;
  datasetEditor: typeof datasetEditorMachine;
  dashboard: typeof dashboardMachine;
  evaluationDetail: typeof evaluationDetailMachine;
  entryList: typeof entryListMachine;
  entryEditor: typeof entryEditorMachine;
  // The separate evaluation backend's screens. A list of one script's or one run's rows is made per id.
  scriptFilter: typeof scriptFilterMachine;
  experimentList: typeof pagedListMachine;
  scriptExperimentList: (scriptId: number) => typeof pagedListMachine;
  scriptList: typeof pagedListMachine;
  scriptDetails: typeof resourceMachine;
  /** An experiment's runs with Run experiment and the live progress of a run. */
  experimentRuns: typeof experimentRunsMachine;
  runResultList: (runId: number) => typeof pagedListMachine;
  /** GET experiment-runs/{runId}: the run's mean metrics above its results. */
  runSummary: typeof resourceMachine;
  /** The run's results as a CSV file or a TREC run. */
  runExport: typeof fileExportMachine;
  runResultDetails: typeof runResultDetailsMachine;
  // Golden sets (issue 7), on the evaluation backend.
  goldenSetList: typeof pagedListMachine;
  uploadGoldenSet: typeof uploadGoldenSetMachine;
  renameGoldenSet: typeof renameGoldenSetMachine;
  /** A golden set's judgements as CSV, TREC qrels or TREC queries. */
  goldenSetExport: typeof fileExportMachine;
};

export const LogicContext = createContext<ConsoleLogic | null>(null);

export function useLogic(): ConsoleLogic {
  const logic = useContext(LogicContext);
  if (!logic) throw new Error('useLogic needs a LogicContext provider (see App.tsx)');
  return logic;
}
