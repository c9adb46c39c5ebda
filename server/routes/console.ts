import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { errorBody } from '../errors';

/** Paths that never fall back to the console's index.html. */
const serverPaths = /^\/(api|oidc|docs|cli)(\/|$)|^\/config\.json$|^\/(healthz|readyz)$/;

/**
 * Serves the built console at `/`, with index.html for any other GET so that deep links work,
 * and JSON 404s everywhere else.
 */
export async function serveConsole(app: FastifyInstance, consoleDir: string) {
  const built = existsSync(`${consoleDir}/index.html`);
  if (built) {
    await app.register(fastifyStatic, { root: consoleDir, wildcard: false, index: 'index.html' });
  } else {
    app.log.warn(`No built console in ${consoleDir}: run "npm run build" (npm start does it).`);
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    if (built && request.method === 'GET' && !serverPaths.test(path)) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.code(404).send(errorBody(404, `No route for ${request.method} ${path}`));
  });
}
