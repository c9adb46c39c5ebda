// The "Get started" checklist on the dashboard: the path from an empty installation to a first compared and
// judged pair of runs, each step with where it is done. Which steps are done is the server's to say
// (GET getting-started), from rows a person made; the demo data ticks none.

type GettingStartedStepKey = 'queries' | 'catalogue' | 'golden_set' | 'experiment' | 'run' | 'compare' | 'judge';

export type GettingStartedStatus = { key: GettingStartedStepKey; done: boolean };

/** `name` is the link's name for a screen reader: the label and the step's state ("Add test queries, done"). */
export type GettingStartedStep = GettingStartedStatus & { label: string; name: string; hint: string; href: string };

const STEPS: Record<GettingStartedStepKey, Omit<GettingStartedStep, 'key' | 'done' | 'name'>> = {
  queries: { label: 'Add test queries', hint: 'Upload a CSV of queries into a dataset', href: '/dataset-entries' },
  catalogue: {
    label: 'Import a catalogue',
    hint: 'Or give an experiment your own search service (HTTP)',
    href: '/catalogue',
  },
  golden_set: { label: 'Upload a golden set', hint: 'Graded judgements of query and product', href: '/golden-sets' },
  experiment: { label: 'Create an experiment', hint: 'A dataset, a search target and a golden set', href: '/experiments/new' },
  run: { label: 'Run it', hint: 'Run experiment, and wait for it to finish', href: '/experiments' },
  compare: { label: 'Compare two runs', hint: 'Two finished runs of one experiment', href: '/compare' },
  judge: { label: 'Judge a result', hint: 'Grade an unjudged product yourself', href: '/golden-sets' },
};

const ORDER = Object.keys(STEPS) as GettingStartedStepKey[];

/** The server's answer as the checklist shows it: every step in order, each with its label and link. */
export const checklistSteps = (statuses: readonly GettingStartedStatus[]): GettingStartedStep[] =>
  ORDER.map((key) => {
    const done = statuses.some((status) => status.key === key && status.done);
    return { key, done, name: `${STEPS[key].label}, ${done ? 'done' : 'to do'}`, ...STEPS[key] };
  });

export const allDone = (steps: readonly GettingStartedStatus[]) => steps.every((step) => step.done);
