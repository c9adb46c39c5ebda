/** The demo data as the API reports and removes it (GET and DELETE /api/backend/demo-data). */
import { Type, type Static } from 'typebox';

const count = (description: string) => Type.Integer({ minimum: 0, description });

const DemoCountsSchema = Type.Object({
  datasets: count('Datasets'),
  entries: count('Dataset entries'),
  evaluation_scripts: count('Evaluation scripts (not the built-in one, which the demo only gave a price)'),
  experiments: count('Experiments'),
  runs: count('Experiment runs, with their results'),
  golden_sets: count('Golden sets'),
  judgements: count('Judgements of those golden sets'),
  products: count('Products of the generated catalogue'),
});
export type DemoCounts = Static<typeof DemoCountsSchema>;

export const DemoDataStateSchema = Type.Object({
  present: Type.Boolean({ description: 'Whether any row the demo made is still there (each such row carries demo: true)' }),
  counts: Type.Object(DemoCountsSchema.properties, { description: 'The rows the demo made that are still there, by kind' }),
  seeds_empty_database: Type.Boolean({
    description:
      'DEMO_DATA: whether this server writes the demo data when it starts on an empty database. It never adds nor removes ' +
      'demo data in a database that holds anything: DEMO_DATA=false leaves demo data already there, which DELETE removes',
  }),
});
export type DemoDataState = Static<typeof DemoDataStateSchema>;

export const DemoRemovalSchema = Type.Object({
  removed: Type.Object(DemoCountsSchema.properties, {
    description: 'What was removed, by kind; all 0 when there was nothing left to remove',
  }),
  kept: Type.Object(
    {
      datasets: count('Demo datasets kept because they hold entries a person added; they are ordinary datasets now'),
      entries: count('Demo entries kept because datasets a person made (or kept ones) hold them; ordinary entries now'),
    },
    { description: 'Rows the demo made that were kept because rows a person made hold them' },
  ),
});
export type DemoRemoval = Static<typeof DemoRemovalSchema>;
