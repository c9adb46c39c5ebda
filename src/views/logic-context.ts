import { createContext, useContext } from 'react';
import type { createDatasetMachine } from '../machines/create-dataset.machine';
import type { dashboardMachine } from '../machines/dashboard.machine';
import type { datasetEditorMachine } from '../machines/dataset-editor.machine';
import type { evaluationDetailMachine } from '../machines/evaluation-detail.machine';
import type { pagedListMachine } from '../machines/paged-list.machine';

// The machines of the screens with their real actors bound (providers.ts), or with a test's fakes.
// Views start their actors from these; they never see a service.
export type ConsoleLogic = {
  datasetList: typeof pagedListMachine;
  createDataset: typeof createDatasetMachine;
  datasetEditor: typeof datasetEditorMachine;
  dashboard: typeof dashboardMachine;
  evaluationDetail: typeof evaluationDetailMachine;
};

export const LogicContext = createContext<ConsoleLogic | null>(null);

export function useLogic(): ConsoleLogic {
  const logic = useContext(LogicContext);
  if (!logic) throw new Error('useLogic needs a LogicContext provider (see App.tsx)');
  return logic;
}
