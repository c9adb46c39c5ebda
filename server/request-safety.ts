/**
 * Refusals made before any route runs, so that no route has to remember them: a JSON body the server
 * could not keep (see import/json-safety.ts), and U+0000 in a path or query string, which PostgreSQL
 * cannot store or compare (22021). Both are 400s naming the field.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';
import { describePath, jsonTextProblem } from './import/json-safety';

/** Registers the checks on `app`; call before any route is registered, so that all inherit them. */
export function refuseUnsafeInput(app: FastifyInstance): void {
  // Fastify's own parser (with its __proto__ and constructor checks), then the one JSON check.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, body as string, (error, value) => {
      if (error) return done(error, undefined);
      const unsafe = jsonTextProblem(body as string);
      if (unsafe) return done(new HttpError(400, `${describePath('body', unsafe.path)} ${unsafe.problem}`), undefined);
      done(null, value);
    });
  });
  app.addHook('onRequest', async (request) => {
    if (!/%00|\0/.test(request.url)) return;
    throw new HttpError(400, `${nulField(request)} contains U+0000 (a NUL character), which cannot be stored`);
  });
}

/** The path parameter or query field holding U+0000, else the URL as a whole (a path no route matched). */
function nulField(request: FastifyRequest): string {
  const parts = [
    ['params', request.params],
    ['querystring', request.query],
  ] as const;
  for (const [part, values] of parts) {
    for (const [name, value] of Object.entries((values ?? {}) as Record<string, unknown>)) {
      if (name.includes('\0')) return `${part} (a field name)`;
      if ([value].flat().some((item) => typeof item === 'string' && item.includes('\0'))) return describePath(part, [name]);
    }
  }
  return 'The URL';
}
