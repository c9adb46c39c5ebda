import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { isForeignKeyViolation } from '../../db/database-errors';
import { errorSchema, HttpError, notFound } from '../../errors';
import { runConfigSchema, type RunConfig } from '../../runs/experiment-config';
import { checkHttpTargetConfig } from '../../search/http-target-config';
import { createRun } from '../../runs/create-run';
import type { RunQueue } from '../../runs/run-queue';
import { idParams, idSchema, pageQuery, pageWindow, totalCountHeader, type PageQuery } from '../schemas';
import { requireText } from '../text-fields';
import { experimentSchema, runSchema } from './schemas';

export const EXPERIMENT_COLUMNS = 'id, name, evaluation_script_id, dataset_id, description, created_at, updated_at';
const WITH_CONFIG = `${EXPERIMENT_COLUMNS}, config`;

const experimentWithConfig = {
  ...experimentSchema,
  properties: { ...experimentSchema.properties, config: { type: 'object', additionalProperties: true } },
} as const;

const editableFields = {
  name: { type: 'string', maxLength: 200 },
  description: { type: 'string', maxLength: 10_000 },
  config: runConfigSchema,
} as const;

interface ExperimentBody {
  name: string;
  description?: string;
  evaluation_script_id: number;
  dataset_id: number;
  config?: Pick<RunConfig, 'golden_set_id' | 'search_target'>;
}

const MAX_TAGS = 20;

/** What the schema cannot check of a config being saved; env secrets need only be set where runs are worked. */
async function checkConfig(db: Database, config: Pick<RunConfig, 'golden_set_id' | 'search_target'> | undefined) {
  if (!config) return;
  const { rows } = await db.query('SELECT 1 FROM golden_sets WHERE id = $1', [config.golden_set_id]);
  if (rows.length === 0) throw new HttpError(400, `body.config.golden_set_id: golden set ${config.golden_set_id} does not exist`);
  if (config.search_target.kind === 'http') {
    const problems = checkHttpTargetConfig(config.search_target, process.env, { requireEnv: false });
    if (problems.length > 0) throw new HttpError(400, `body.config.search_target: ${problems.join('; ')}`, { problems });
  }
}

export async function experimentRoutes(app: FastifyInstance, { db, runQueue }: { db: Database; runQueue: RunQueue }) {
  app.get<{ Querystring: PageQuery }>(
    '/experiments/',
    {
      schema: {
        summary: 'List experiments, newest first',
        tags: ['experiments'],
        querystring: pageQuery,
        response: { 200: { type: 'array', items: experimentSchema, headers: totalCountHeader }, 400: errorSchema },
      },
    },
    async (request, reply) => {
      const [page, total] = await Promise.all([
        db.query(`SELECT ${EXPERIMENT_COLUMNS} FROM experiments ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`, pageWindow(request.query)),
        db.query<{ total: number }>('SELECT count(*)::int AS total FROM experiments'),
      ]);
      reply.header('X-Total-Count', total.rows[0].total);
      return page.rows;
    },
  );

  app.post<{ Body: ExperimentBody }>(
    '/experiments/',
    {
      schema: {
        summary: 'Create an experiment; with a config (search target, golden set, k, gain, pass threshold) it can run here',
        tags: ['experiments'],
        body: {
          type: 'object',
          properties: { ...editableFields, evaluation_script_id: idSchema, dataset_id: idSchema },
          required: ['name', 'evaluation_script_id', 'dataset_id'],
          additionalProperties: false,
        },
        response: { 201: experimentWithConfig, 400: errorSchema },
      },
    },
    async (request, reply) => {
      const { evaluation_script_id, dataset_id, config = {} } = request.body;
      const name = requireText(request.body.name, 'name');
      await checkConfig(db, request.body.config);
      try {
        const { rows } = await db.query(
          `INSERT INTO experiments (name, evaluation_script_id, dataset_id, description, config)
           VALUES ($1, $2, $3, $4, $5::jsonb) RETURNING ${WITH_CONFIG}`,
          [name, evaluation_script_id, dataset_id, request.body.description?.trim() ?? '', JSON.stringify(config)],
        );
        return reply.code(201).send(rows[0]);
      } catch (error) {
        if (isForeignKeyViolation(error)) {
          throw new HttpError(400, `body.evaluation_script_id or body.dataset_id: evaluation script ${evaluation_script_id} or dataset ${dataset_id} does not exist`);
        }
        throw error;
      }
    },
  );

  app.get<{ Params: { id: number } }>(
    '/experiments/:id',
    {
      schema: {
        summary: 'Get one experiment with its run configuration',
        tags: ['experiments'],
        params: idParams,
        response: { 200: experimentWithConfig, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { rows } = await db.query(`SELECT ${WITH_CONFIG} FROM experiments WHERE id = $1`, [request.params.id]);
      if (rows.length === 0) throw notFound('Experiment', request.params.id);
      return rows[0];
    },
  );

  app.patch<{ Params: { id: number }; Body: Partial<ExperimentBody> }>(
    '/experiments/:id',
    {
      schema: {
        summary: "Change an experiment's name, description or run configuration (runs already started keep theirs)",
        tags: ['experiments'],
        params: idParams,
        body: { type: 'object', properties: editableFields, additionalProperties: false, minProperties: 1 },
        response: { 200: experimentWithConfig, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { name, description, config } = request.body;
      await checkConfig(db, config);
      const { rows } = await db.query(
        `UPDATE experiments SET name = coalesce($2, name), description = coalesce($3, description),
           config = coalesce($4::jsonb, config), updated_at = now()
         WHERE id = $1 RETURNING ${WITH_CONFIG}`,
        [id, name === undefined ? null : requireText(name, 'name'), description?.trim() ?? null, config ? JSON.stringify(config) : null],
      );
      if (rows.length === 0) throw notFound('Experiment', id);
      return rows[0];
    },
  );

  app.post<{ Params: { id: number }; Body: { tags?: string[] } | undefined }>(
    '/experiments/:id/runs',
    {
      schema: {
        summary: "Start a run: every entry of the experiment's dataset is searched and scored in the background",
        tags: ['experiment runs'],
        params: idParams,
        body: {
          type: ['object', 'null'],
          properties: { tags: { type: 'array', maxItems: MAX_TAGS, items: { type: 'string', minLength: 1, maxLength: 100 } } },
          additionalProperties: false,
        },
        response: { 202: runSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const tags = [...new Set((request.body?.tags ?? []).map((tag) => tag.trim()).filter((tag) => tag !== ''))];
      const run = await createRun(db, runQueue, request.params.id, tags);
      return reply.code(202).send(run);
    },
  );
}
