/** The tables whose rows carry the demo mark, each with its key column: what the demo-data tests read. */
export const DEMO_MARKED = {
  datasets: 'id',
  dataset_entries: 'id',
  evaluation_scripts: 'id',
  experiments: 'id',
  experiment_runs: 'id',
  golden_sets: 'id',
  products: 'product_id',
} as const;
export type DemoMarkedTable = keyof typeof DEMO_MARKED;
export const DEMO_MARKED_TABLES = Object.keys(DEMO_MARKED) as DemoMarkedTable[];
