// The example file each import dialog shows, offered as a template to download. A data: address needs no
// call and no script, and the example shown is exactly the file downloaded.

/** One example file: what its link calls it, its name when downloaded, its text, its address, and its lines as space-separated tokens. */
export type ImportTemplate = { label: string; fileName: string; text: string; href: string; tokens: string[][] };

function importTemplate(label: string, fileName: string, mime: string, text: string): ImportTemplate {
  return {
    label,
    fileName,
    text,
    href: `data:${mime};charset=utf-8,${encodeURIComponent(text)}`,
    // Lines as tokens, so the dialog can wrap only between them and keep each token on one line.
    tokens: text
      .trimEnd()
      .split('\n')
      .map((line) => line.split(' ')),
  };
}

/** Bulk upload of dataset entries; `locale` and `source` become keys of input_metadata. */
export const ENTRIES_TEMPLATE = importTemplate(
  'template CSV',
  'dataset-entries-template.csv',
  'text/csv',
  `input,datasets,input_metadata,description
red velvet sofa,Sofas|Living room,"{""locale"":""en-GB""}",A sofa query
oak dining table,Tables,,
`,
);

/** Import products as CSV; `colour` becomes an attribute. */
export const PRODUCTS_CSV_TEMPLATE = importTemplate(
  'template CSV',
  'products-template.csv',
  'text/csv',
  `product_id,name,description,image_url,attributes,colour
P-100,Red velvet sofa,Three seats,https://example.com/p-100.jpg,"{""brand"":""Nordic""}",red
P-101,Oak dining table,,,,oak
`,
);

/** Import products as JSON Lines; `colour` becomes an attribute. */
export const PRODUCTS_JSONL_TEMPLATE = importTemplate(
  'template JSON Lines',
  'products-template.jsonl',
  'application/x-ndjson',
  `{"product_id":"P-100","name":"Red velvet sofa","description":"Three seats","attributes":{"brand":"Nordic"},"colour":"red"}
{"product_id":"P-101","name":"Oak dining table","colour":"oak"}
`,
);

/** A golden set as CSV: one judgement a row. */
export const GOLDEN_SET_CSV_TEMPLATE = importTemplate(
  'template CSV',
  'golden-set-template.csv',
  'text/csv',
  `query,product_id,relevance
red velvet sofa,P-100,3
red velvet sofa,P-101,0
oak dining table,P-101,2
`,
);

/** A golden set as TREC qrels: `qid iter docid grade`, the query ids defined by the queries file. */
export const GOLDEN_SET_QRELS_TEMPLATE = importTemplate(
  'template qrels file',
  'golden-set-template.qrels',
  'text/plain',
  `q1 0 P-100 3
q1 0 P-101 0
q2 0 P-101 2
`,
);

/** The queries file of TREC qrels: `qid<TAB>query`. */
export const GOLDEN_SET_QUERIES_TEMPLATE = importTemplate(
  'template queries file',
  'golden-set-template-queries.tsv',
  'text/tab-separated-values',
  `q1\tred velvet sofa
q2\toak dining table
`,
);
