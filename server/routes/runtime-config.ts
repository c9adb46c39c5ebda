import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** What the console reads at start, so one build serves every deployment. */
function runtimeConfig(config: Config) {
  const { identity } = config;
  return {
    authority: identity.issuer,
    client_id: identity.clientId,
    audience: identity.audience,
    audienceParam: identity.audienceParam,
    scope: identity.scope,
    useRefreshTokens: identity.useRefreshTokens,
    ...(identity.organization ? { organization: identity.organization } : {}),
    evaluationServiceUrl: config.evaluationServiceUrl,
    evaluationBackendUrl: config.evaluationBackendUrl,
  };
}

export async function runtimeConfigRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const body = runtimeConfig(config);
  app.get(
    '/config.json',
    {
      schema: {
        summary: "The console's runtime configuration (public)",
        tags: ['console'],
        security: [],
        response: {
          200: {
            type: 'object',
            properties: {
              authority: { type: 'string' },
              client_id: { type: 'string' },
              audience: { type: 'string' },
              audienceParam: { type: 'string', enum: ['resource', 'audience'] },
              scope: { type: 'string' },
              useRefreshTokens: { type: 'boolean' },
              organization: { type: 'string' },
              evaluationServiceUrl: { type: 'string' },
              evaluationBackendUrl: { type: 'string' },
            },
            required: [
              'authority',
              'client_id',
              'audience',
              'audienceParam',
              'scope',
              'useRefreshTokens',
              'evaluationServiceUrl',
              'evaluationBackendUrl',
            ],
          },
        },
      },
    },
    async (_request, reply) => reply.header('Cache-Control', 'no-cache').send(body),
  );
}
