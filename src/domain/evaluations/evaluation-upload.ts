// Evaluations as the console reads them (rankings made elsewhere, scored here), and the New Evaluation form's
// rules: the formats a ranking file may be in, the form's checks before sending, and a refused file's problems
// in words. The shapes are the reference server's (server/schemas/), imported as types only. Pure.
import type { Static } from 'typebox';
import type { CreatedEvaluationSchema, RankingProblemSchema } from '../../../server/schemas/evaluations';
import type { Choice } from '../experiments/workbench-types';

export type { Evaluation } from '../../../server/schemas/evaluations';

/** POST evaluations/ → 202: the evaluation made, its run, and how many queries the file ranks. */
export type CreatedEvaluation = Static<typeof CreatedEvaluationSchema>;

/** One problem of a refused ranking file: its line (a CSV's header being 1) and field (null: the whole line). */
export type RankingProblem = Static<typeof RankingProblemSchema>;

export const RANKING_FORMATS = [
  { value: 'trec', label: 'TREC run (qid Q0 docid rank score tag)' },
  { value: 'csv', label: 'CSV (query,product_id,rank[,score])' },
  { value: 'jsonl', label: 'JSON Lines ({"query": …, "results": […]})' },
] as const;
export type RankingFormat = (typeof RANKING_FORMATS)[number]['value'];

type Gain = 'linear' | 'exponential';

// The extensions the server reads a format from when none is chosen; the form chooses the same one.
const BY_EXTENSION: Record<string, RankingFormat> = { trec: 'trec', run: 'trec', txt: 'trec', csv: 'csv', jsonl: 'jsonl', ndjson: 'jsonl' };

/** The format a file's name tells (`.trec`, `.run`, `.txt`, `.csv`, `.jsonl`, `.ndjson`), or null when it tells none. */
export function rankingFormatOfName(name: string): RankingFormat | null {
  const extension = /\.([^./\\]+)$/.exec(name)?.[1].toLowerCase();
  return extension !== undefined && Object.hasOwn(BY_EXTENSION, extension) ? BY_EXTENSION[extension] : null;
}

/** The golden sets and datasets the form offers, by name. */
export type EvaluationFormOptions = { goldenSets: Choice[]; datasets: Choice[] };

/** The form as typed: numbers stay text until sent, so a half-typed one is kept as it is. */
export type EvaluationDraft = {
  name: string;
  goldenSetId: string;
  /** '' for the file's own queries. */
  datasetId: string;
  k: string;
  gain: Gain;
  relevantFrom: string;
  format: RankingFormat;
  file: File | null;
  /** TREC only: `qid<TAB>query` lines, for runs whose query ids are not the queries. */
  queries: File | null;
};

/** The draft's fields typed into or chosen from a list (the files have their own events). */
export type DraftField = 'name' | 'goldenSetId' | 'datasetId' | 'k' | 'gain' | 'relevantFrom' | 'format';

export type DraftProblems = Partial<Record<DraftField | 'file', string>>;

export const emptyEvaluationDraft: EvaluationDraft = {
  name: '',
  goldenSetId: '',
  datasetId: '',
  k: '10',
  gain: 'linear',
  relevantFrom: '1',
  format: 'trec',
  file: null,
  queries: null,
};

/** The server's bounds (server/schemas/limits.ts MAX_K, and relevant_from's). */
const MAX_K = 1000;
const MAX_RELEVANT_FROM = 100;

const isWholeIn = (text: string, min: number, max: number) => /^\d+$/.test(text.trim()) && Number(text) >= min && Number(text) <= max;

/** What keeps the draft from being sent, by field: the server would refuse each of these. */
export function draftProblems(draft: EvaluationDraft): DraftProblems {
  const problems: DraftProblems = {};
  if (draft.name.trim() === '') problems.name = 'Name the evaluation.';
  if (draft.goldenSetId === '') problems.goldenSetId = 'Choose the golden set to score against.';
  if (!isWholeIn(draft.k, 1, MAX_K)) problems.k = `k must be a whole number from 1 to ${MAX_K.toLocaleString('en')}.`;
  if (!isWholeIn(draft.relevantFrom, 1, MAX_RELEVANT_FROM)) {
    problems.relevantFrom = `Relevant from must be a whole number from 1 to ${MAX_RELEVANT_FROM}.`;
  }
  if (draft.file === null) problems.file = 'Choose the ranking file.';
  return problems;
}

export const hasDraftProblems = (draft: EvaluationDraft) => Object.keys(draftProblems(draft)).length > 0;

/** What POST evaluations/ is sent: the draft's numbers as numbers, the queries file only with a TREC run. */
export type EvaluationUpload = {
  name: string;
  goldenSetId: number;
  datasetId: number | null;
  k: number;
  gain: Gain;
  relevantFrom: number;
  format: RankingFormat;
  file: File;
  queries: File | null;
};

/** The upload of a draft without problems (draftProblems). */
export function evaluationUpload(draft: EvaluationDraft): EvaluationUpload {
  if (draft.file === null) throw new Error('an evaluation was sent without its file');
  return {
    name: draft.name.trim(),
    goldenSetId: Number(draft.goldenSetId),
    datasetId: draft.datasetId === '' ? null : Number(draft.datasetId),
    k: Number(draft.k.trim()),
    gain: draft.gain,
    relevantFrom: Number(draft.relevantFrom.trim()),
    format: draft.format,
    file: draft.file,
    queries: draft.format === 'trec' ? draft.queries : null,
  };
}

/** A refused file's problem as the form lists it: "Line 4, field rank: must be a whole number". */
export const problemText = ({ row, column, problem }: RankingProblem) => `Line ${row}${column ? `, field ${column}` : ''}: ${problem}`;
