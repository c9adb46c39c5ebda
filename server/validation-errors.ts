import type { FastifySchemaValidationError } from 'fastify/types/schema';

/** One readable sentence per problem, naming the field: `body.name must NOT have fewer than 1 characters`. */
export function formatValidationErrors(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const sentences = errors.map((error) => {
    const path = (dataVar + error.instancePath.replaceAll('/', '.')).replace(/^body\.(\d+)/, 'body[$1]');
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'additionalProperties') return `${path} has an unknown field "${params.additionalProperty}"`;
    if (error.keyword === 'required') return `${path}.${params.missingProperty} is required`;
    return `${path} ${error.message}`;
  });
  return new Error(sentences.join('; '));
}
