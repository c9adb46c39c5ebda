// The types of what search-eval.mjs exports, for the tests that import it (the tool itself stays plain JavaScript).

/** One Server-Sent Event: its `event:` name ('message' when it has none) and its `data:` lines joined. */
export interface ServerSentEvent {
  event: string;
  data: string;
}
export function parseEvents(text: string): { events: ServerSentEvent[]; rest: string };

/** GET /api/backend/run-comparisons/verdict's answer. */
export interface Verdict {
  pass: boolean;
  baseline: { id: number; [field: string]: unknown };
  candidate: { id: number; [field: string]: unknown };
  checks: Array<{
    metric: string;
    max_drop: number;
    alpha?: number;
    baseline_mean: number | null;
    candidate_mean: number | null;
    delta: number | null;
    p_value: number | null;
    adjusted_p_value: number | null;
    failed: boolean;
    reason: string | null;
  }>;
  /** Queries both runs scored. */
  paired?: number;
  worst_regressions?: Array<{
    query: string;
    baseline: number | null;
    candidate: number | null;
    delta: number | null;
    metric?: string;
    baseline_result_id?: number | null;
    candidate_result_id?: number | null;
    /** The console's page of this query's two results, from its root. */
    console_path?: string;
  }>;
  multiple_comparisons?: unknown;
  /** The console's comparison of the two runs, from its root. */
  console_path?: string;
  reason?: string;
}
export function verdictMarkdown(verdict: Verdict, options: { server: string }): string;
export function verdictJunit(verdict: Verdict): string;

interface Output {
  write(text: string | Uint8Array): boolean;
}
export function main(argv: string[], io?: { env?: Record<string, string | undefined>; stdout?: Output; stderr?: Output }): Promise<number>;
