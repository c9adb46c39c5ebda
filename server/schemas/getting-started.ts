/** The "Get started" checklist as the API reports it (GET /api/backend/getting-started). */
import { Type, type Static } from 'typebox';

export const GETTING_STARTED_STEPS = ['queries', 'catalogue', 'golden_set', 'experiment', 'run', 'compare', 'judge'] as const;
export type GettingStartedStepKey = (typeof GETTING_STARTED_STEPS)[number];

const StepSchema = Type.Object({
  key: Type.Enum([...GETTING_STARTED_STEPS], {
    type: 'string',
    description:
      'queries: dataset entries in a dataset · catalogue: products imported, or an experiment with an http search target · ' +
      'golden_set: a golden set · experiment: an experiment · run: a finished (success) run · compare: two finished runs ' +
      'of one experiment · judge: a judgement given by a person (not an import)',
  }),
  done: Type.Boolean({ description: 'Whether rows a person made (not the demo data) complete the step' }),
});

export const GettingStartedSchema = Type.Object({
  steps: Type.Array(StepSchema, { description: 'Every step, in the order a new user takes them' }),
});
export type GettingStarted = Static<typeof GettingStartedSchema>;
