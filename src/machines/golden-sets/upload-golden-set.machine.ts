import { formDialogMachine } from '../shared/form-dialog.machine';
import type { GoldenSetFormat, GoldenSetUpload, UploadedGoldenSet } from '../../domain/golden-sets/golden-set-upload';
import { messageOf } from '../../domain/shared/error-message';

// On /golden-sets, the 'Add Golden Set' upload modal (shared/form-dialog.machine.ts, with its summary). Name
// (required once trimmed), description, market, the scale (highest grade and comma-separated labels, both
// optional), format (CSV: one `query,product_id,relevance` file; TREC: qrels plus a `qid<TAB>query` queries
// file). The server imports all or nothing: a refusal keeps the form open with its message and the problems it
// lists by file and row. On success its reload target (the list) hears `reload` and the dialog stays open on a
// summary (what was created, and the server's warnings of queries no entry asks and products not in the
// catalogue) until the person closes it.

/** One problem of an uploaded file: `row` counts a CSV header as 1, or is a TREC file's line. */
export type UploadProblem = { file?: string; row: number; column: string | null; problem: string };

export type GoldenSetUploadForm = {
  name: string;
  description: string;
  market: string;
  /** The scale, both optional (blank: the server's default). */
  maxGrade: string;
  gradeLabels: string;
  format: GoldenSetFormat;
  file: File | null;
  queries: File | null;
};

/** Why the server refused an upload: its message and the problems it lists by file and row. */
export type UploadRefusal = { message: string; problems: UploadProblem[] };

/** The problems a refused upload carries (UploadError's `problems`), else none. */
const problemsOf = (error: unknown): UploadProblem[] => {
  const problems = (error as { problems?: unknown } | null)?.problems;
  return Array.isArray(problems) ? (problems as UploadProblem[]) : [];
};

/** Ready to send: a name, the judgements file and, for TREC, the queries file. */
export const isGoldenSetUploadReady = (form: Pick<GoldenSetUploadForm, 'name' | 'format' | 'file' | 'queries'>) =>
  form.name.trim() !== '' && form.file !== null && (form.format === 'csv' || form.queries !== null);

export const uploadGoldenSetMachine = formDialogMachine<GoldenSetUploadForm, GoldenSetUpload, UploadedGoldenSet, UploadRefusal>({
  id: 'uploadGoldenSet',
  sending: 'uploading',
  submitId: 'uploadGoldenSet',
  summary: true,
  empty: { name: '', description: '', market: '', maxGrade: '', gradeLabels: '', format: 'csv', file: null, queries: null },
  requestOf: (form) => ({
    name: form.name.trim(),
    description: form.description.trim(),
    market: form.market.trim(),
    format: form.format,
    // Sent only once `isReady` saw the file.
    file: form.file!,
    queries: form.format === 'trec' ? form.queries : null,
    // Sent only when given: the server's default scale is 0–3 Poor, Fair, Good, Perfect.
    ...(form.maxGrade.trim() ? { maxGrade: form.maxGrade.trim() } : {}),
    ...(form.gradeLabels.trim() ? { gradeLabels: form.gradeLabels.trim() } : {}),
  }),
  failureOf: (error) => ({ message: messageOf(error), problems: problemsOf(error) }),
}).provide({
  guards: { isReady: (_, { fields }: { fields: GoldenSetUploadForm }) => isGoldenSetUploadReady(fields) },
});
