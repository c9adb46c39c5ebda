import { formatOfFileName, type CatalogueFormat } from '../../domain/catalogue/catalogue';
import type { CatalogueImportCounts } from '../../domain/experiments/evaluation-backend-types';
import { uploadMachine } from '../shared/upload.machine';

// On /catalogue, the 'Import products' dialog (shared/upload.machine.ts). Any file is taken; its format is read
// from the name (.csv, .jsonl or .ndjson; a name that says neither keeps the one chosen, CSV unless changed, as
// the server would read it) and a select overrides it. It completes with the counts, or fails with the server's
// message and row problems (it imports all or nothing). Its reload target (the products list) hears `reload`
// after a complete import.

export const importProductsMachine = uploadMachine<CatalogueImportCounts, CatalogueFormat>({
  id: 'importProducts',
  uploadId: 'importProducts',
  format: 'csv',
  formatOfName: formatOfFileName,
});
