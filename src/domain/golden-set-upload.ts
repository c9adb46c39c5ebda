// Issue 7: what the 'Add Golden Set' form hands to the upload (POST golden-sets/ as multipart).

export type GoldenSetFormat = 'csv' | 'trec';

export type GoldenSetUpload = {
  name: string;
  description: string;
  market: string;
  format: GoldenSetFormat;
  file: File;
  /** TREC only: the `qid<TAB>query` file beside the qrels. */
  queries: File | null;
};
