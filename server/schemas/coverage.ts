/** A golden set's coverage of a dataset: which of its queries a run can score. */
import { Type, type Static } from 'typebox';
import { ID_RANGE } from './shared';

export const CoverageQuerySchema = Type.Object(
  { dataset_id: Type.Integer({ ...ID_RANGE, description: 'The dataset whose entries are looked up' }) },
  { additionalProperties: false },
);

export const CoverageSchema = Type.Object({
  queries: Type.Integer({ description: "The dataset's distinct queries (inputs compared trimmed, lower-cased, white space collapsed)" }),
  judged: Type.Integer({ description: 'Of those, the queries the golden set judges above 0: what a run scores' }),
  not_judged: Type.Array(Type.String(), {
    description: 'The other queries, as the dataset first writes them, in entry order: at most 1,000 (queries − judged says how many)',
  }),
});
export type CoverageAnswer = Static<typeof CoverageSchema>;
