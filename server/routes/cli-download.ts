import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { TextFileSchema } from '../schemas/shared';

/** The CI command line tool: one file with no dependencies, fetched by a CI job from the server it talks to. */
const SEARCH_EVAL_CLI = new URL('../cli/search-eval.mjs', import.meta.url);

/** `GET /cli/search-eval.mjs`, public: the file holds no secret (its key comes from the CI job's environment). */
export async function cliDownloadRoutes(app: FastifyInstance) {
  const script = await readFile(SEARCH_EVAL_CLI);
  app.get(
    '/cli/search-eval.mjs',
    {
      schema: {
        summary: 'The search-eval command line tool for CI jobs (public): `node search-eval.mjs --help`',
        tags: ['console'],
        security: [],
        produces: ['text/javascript'],
        response: { 200: TextFileSchema('A Node.js (20 or later) ES module using only its built-ins') },
      },
    },
    // no-cache: a job always runs the tool of the server it talks to, even after an upgrade.
    async (_request, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script),
  );
}
