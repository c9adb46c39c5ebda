/**
 * A run's own search target: an experiment's http target with some fields replaced for that run only, so a
 * CI job can evaluate the build it just deployed without editing the experiment everyone shares. The result
 * is checked as a saved target is (its shape, templates, the host allow-list and the secrets' hosts), and
 * refused with a 400 naming `body.search_target`.
 */
import Ajv from 'ajv';
import { HttpError } from '../errors';
import { SearchTargetSchema, type SearchTargetConfig } from '../schemas/run-config';
import type { SearchTargetOverride } from '../schemas/runs';
import { checkHttpTargetConfig } from '../search/http-target-config';

const isSearchTarget = new Ajv({ strict: false, discriminator: true, allErrors: true }).compile<SearchTargetConfig>(SearchTargetSchema);

/** The experiment's target with `override` merged over it (the whole target when the experiment's is not http). */
export function overriddenTarget(target: SearchTargetConfig, override: SearchTargetOverride, env: NodeJS.ProcessEnv = process.env) {
  const merged = target.kind === 'http' ? { ...target, ...override } : { kind: 'http', ...override };
  if (!isSearchTarget(merged)) {
    const missing = ['url', 'hits', 'product_id'].filter((field) => !(field in merged));
    const problems =
      missing.length > 0
        ? [`the experiment searches the built-in catalogue, so ${missing.join(', ')} must be given too`]
        : (isSearchTarget.errors ?? []).map((error) => `${error.instancePath.slice(1).replaceAll('/', '.')} ${error.message}`.trim());
    throw new HttpError(400, `body.search_target: ${problems.join('; ')}`, { problems });
  }
  const problems = merged.kind === 'http' ? checkHttpTargetConfig(merged, env) : [];
  if (problems.length > 0) throw new HttpError(400, `body.search_target: ${problems.join('; ')}`, { problems });
  return merged;
}
