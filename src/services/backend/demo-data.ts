import type { ApiClient } from '../api-client';
import type { DemoDataState, DemoRemoval } from '../../domain/demo/demo-data';

// demo-data on the evaluation backend (server/routes/backend/demo-data.ts): whether the demo data is there and
// how many rows of each kind (any role), and its removal (admins). A 409 (runs or experiments of a person still
// use it) fails as a RefusalError with the server's sentence naming them.

export type DemoData = ReturnType<typeof createDemoData>;

export function createDemoData(api: ApiClient) {
  return {
    /** GET demo-data → whether any demo row is left, the counts by kind, and what DEMO_DATA does. */
    demoDataState: () => api<DemoDataState>('demo-data'),

    /** DELETE demo-data → what was removed and what was kept (demo rows that people's rows hold). */
    removeDemoData: () => api<DemoRemoval>('demo-data', { method: 'DELETE' }),
  };
}
