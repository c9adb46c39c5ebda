import type { FastifySchemaValidationError } from 'fastify/types/schema';

/** One readable sentence per problem, naming the field: `body.name must NOT have fewer than 1 characters`. */
export function formatValidationErrors(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const sentences = withoutOneOfNoise(errors).map((error) => {
    const path = (dataVar + error.instancePath.replaceAll('/', '.')).replace(/^body\.(\d+)/, 'body[$1]');
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'additionalProperties') return `${path} has an unknown field "${params.additionalProperty}"`;
    if (error.keyword === 'required') return `${path}.${params.missingProperty} is required`;
    if (error.keyword === 'discriminator') return discriminatorProblem(path, params, (error as { parentSchema?: unknown }).parentSchema);
    if (error.keyword === 'oneOf') return oneOfProblem(path, (error as { parentSchema?: unknown }).parentSchema);
    return `${path} ${limitProblem(error.keyword, params.limit) ?? error.message}`;
  });
  return new Error(sentences.join('; '));
}

/** Ajv's "must NOT have more than 1000 characters" and "must be <= 3", said as a person would. */
function limitProblem(keyword: string, limit: unknown): string | undefined {
  if (typeof limit !== 'number') return undefined;
  const n = limit.toLocaleString('en');
  switch (keyword) {
    case 'maxLength':
      return `must be at most ${n} characters long`;
    case 'minLength':
      return limit === 1 ? 'must not be empty' : `must be at least ${n} characters long`;
    case 'maximum':
      return `must be at most ${n}`;
    case 'minimum':
      return `must be at least ${n}`;
    case 'maxItems':
      return `must hold at most ${n} items`;
    case 'minItems':
      return limit === 1 ? 'must hold at least one item' : `must hold at least ${n} items`;
    default:
      return undefined;
  }
}

/** A oneOf keyed by a property (Ajv's discriminator): name that property and the values it may take. */
function discriminatorProblem(path: string, params: Record<string, unknown>, parentSchema: unknown): string {
  const tag = String(params.tag);
  if (params.tagValue === undefined) return `${path}.${tag} is required`;
  const branches = (parentSchema as { oneOf?: Array<{ properties?: Record<string, { const?: unknown }> }> } | undefined)?.oneOf ?? [];
  const known = branches.map((branch) => JSON.stringify(branch.properties?.[tag]?.const)).join(', ');
  return `${path}.${tag} must be one of ${known}; got ${JSON.stringify(params.tagValue)}`;
}

/**
 * A value that fits none of a oneOf's shapes gets an error from every shape. Those inside the value say what
 * is wrong with the shape it was meant to have (`kinds.0` not a known kind); the ones about the value as a whole
 * (not a string, a field missing) only say it is not one of the other shapes, so they go when the first exist.
 * Without any, only the oneOf's own error stays, naming the shapes.
 */
function withoutOneOfNoise(errors: FastifySchemaValidationError[]): FastifySchemaValidationError[] {
  const oneOfPaths = new Set(errors.filter((error) => error.keyword === 'oneOf').map((error) => error.instancePath));
  return errors.filter((error) => {
    const at = [...oneOfPaths].find((path) => error.instancePath === path);
    if (at === undefined) return true;
    const deeper = errors.some((other) => other.instancePath.startsWith(`${at}/`));
    return !deeper && error.keyword === 'oneOf';
  });
}

/** The shapes a oneOf allows, said in words: `"all", an object with kinds or an object with rater_ids`. */
function oneOfProblem(path: string, parentSchema: unknown): string {
  const branches = (parentSchema as { oneOf?: Array<{ const?: unknown; properties?: Record<string, unknown> }> } | undefined)?.oneOf ?? [];
  const shapes = branches.map((branch) =>
    branch.const !== undefined ? JSON.stringify(branch.const) : `an object with ${Object.keys(branch.properties ?? {}).join(', ')}`,
  );
  return `${path} must be ${shapes.length > 1 ? `${shapes.slice(0, -1).join(', ')} or ${shapes[shapes.length - 1]}` : 'of another shape'}`;
}
