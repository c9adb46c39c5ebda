import type { ApiFetch } from '../api-client';
import type { GettingStartedStatus } from '../../domain/dashboard/getting-started';

// getting-started on the evaluation backend (server/routes/backend/getting-started.ts): which steps of a first
// evaluation rows a person made complete, for the dashboard's checklist.

export type GettingStarted = ReturnType<typeof createGettingStarted>;

export function createGettingStarted(api: ApiFetch) {
  return {
    /** GET getting-started → every step with whether it is done. */
    fetchSteps: async (): Promise<GettingStartedStatus[]> => (await api<{ steps: GettingStartedStatus[] }>('getting-started')).steps,
  };
}
