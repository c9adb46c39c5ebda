import { counted } from '../shared/format-count';
// What the 'Add Golden Set' form hands to the upload (POST golden-sets/ as multipart).

export type GoldenSetFormat = 'csv' | 'trec';

export type GoldenSetUpload = {
  name: string;
  description: string;
  market: string;
  format: GoldenSetFormat;
  file: File;
  /** TREC only: the `qid<TAB>query` file beside the qrels. */
  queries: File | null;
  /** The scale's highest grade (the server's default 3 when absent). */
  maxGrade?: string;
  /** A label per grade, comma-separated (the server's "Grade n" for each one missing). */
  gradeLabels?: string;
};

export type { UploadedGoldenSet } from '../../../server/schemas/golden-sets';

/** What an upload created, in words: '3 queries · 28 judgements created'. */
export function uploadedSummary(set: { query_count: number; judgement_count: number }): string {
  return `${counted(set.query_count, 'query', 'queries')} · ${counted(set.judgement_count, 'judgement', 'judgements')} created`;
}
