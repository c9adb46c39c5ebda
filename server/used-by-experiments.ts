import { HttpError } from './errors';

/** How many experiments a refused delete names; the rest are counted. */
export const NAMED_EXPERIMENTS = 5;

/** Names as a sentence lists them: '"A", "B", and 2 more'. */
export function listed(names: string[], total = names.length): string {
  const shown = total > names.length ? [...names, `${total - names.length} more`] : names;
  return new Intl.ListFormat('en', { type: 'conjunction' }).format(shown);
}

/**
 * The 409 of a delete refused while experiments use what it deletes, naming up to NAMED_EXPERIMENTS of them:
 * 'Dataset "Sofas UK" cannot be deleted: the experiment "BM25 baseline" uses it.'
 */
export function usedByExperiments(subject: string, experiments: { id: number; name: string }[], total: number): HttpError {
  const list = listed(
    experiments.map(({ name }) => `"${name}"`),
    total,
  );
  const users = total === 1 ? `the experiment ${list} uses` : `the experiments ${list} use`;
  return new HttpError(409, `${subject} cannot be deleted: ${users} it.`, { experiments, experiment_count: total });
}
