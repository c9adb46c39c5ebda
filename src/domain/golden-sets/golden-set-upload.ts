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
