import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { errorSchema, notFound } from '../../errors';
import { idParams, pageQuery, pageWindow, totalCountHeader, type PageQuery } from '../schemas';
import { experimentSchema, pageOf, scriptSchema } from './schemas';
import { EXPERIMENT_COLUMNS } from './experiments';

const SCRIPT_COLUMNS = 'id, name, description, cost_per_evaluation, script_class, script_module, output_schema';

export async function evaluationScriptRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.get<{ Querystring: PageQuery }>(
    '/evaluation-scripts/',
    {
      schema: {
        summary: 'List evaluation scripts, newest first',
        tags: ['evaluation scripts'],
        querystring: pageQuery,
        response: { 200: { ...pageOf(scriptSchema), headers: totalCountHeader }, 400: errorSchema },
      },
    },
    async (request, reply) => {
      const [page, total] = await Promise.all([
        db.query(`SELECT ${SCRIPT_COLUMNS} FROM evaluation_scripts ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`, pageWindow(request.query)),
        db.query<{ total: number }>('SELECT count(*)::int AS total FROM evaluation_scripts'),
      ]);
      reply.header('X-Total-Count', total.rows[0].total);
      return { count: total.rows[0].total, results: page.rows };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/evaluation-scripts/:id',
    {
      schema: {
        summary: 'Get one evaluation script',
        tags: ['evaluation scripts'],
        params: idParams,
        response: { 200: scriptSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { rows } = await db.query(`SELECT ${SCRIPT_COLUMNS} FROM evaluation_scripts WHERE id = $1`, [request.params.id]);
      if (rows.length === 0) throw notFound('Evaluation script', request.params.id);
      return rows[0];
    },
  );

  app.patch<{ Params: { id: number }; Body: { cost_per_evaluation?: number; description?: string } }>(
    '/evaluation-scripts/:id',
    {
      schema: {
        summary: "Change a script's price per evaluation (runs started afterwards cost that) or its description",
        tags: ['evaluation scripts'],
        params: idParams,
        body: {
          type: 'object',
          properties: { cost_per_evaluation: { type: 'number', minimum: 0, maximum: 1e8 }, description: { type: 'string', maxLength: 10_000 } },
          additionalProperties: false,
          minProperties: 1,
        },
        response: { 200: scriptSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { cost_per_evaluation = null, description = null } = request.body;
      const { rows } = await db.query(
        `UPDATE evaluation_scripts SET cost_per_evaluation = coalesce($2, cost_per_evaluation),
           description = coalesce($3, description), updated_at = now()
         WHERE id = $1 RETURNING ${SCRIPT_COLUMNS}`,
        [request.params.id, cost_per_evaluation, description?.trim() ?? null],
      );
      if (rows.length === 0) throw notFound('Evaluation script', request.params.id);
      return rows[0];
    },
  );

  app.get<{ Params: { id: number }; Querystring: PageQuery }>(
    '/evaluation-scripts/:id/experiments',
    {
      schema: {
        summary: 'List the experiments that use one evaluation script, newest first',
        tags: ['evaluation scripts'],
        params: idParams,
        querystring: pageQuery,
        response: { 200: { ...pageOf(experimentSchema), headers: totalCountHeader }, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const script = await db.query('SELECT 1 FROM evaluation_scripts WHERE id = $1', [id]);
      if (script.rows.length === 0) throw notFound('Evaluation script', id);
      const [page, total] = await Promise.all([
        db.query(
          `SELECT ${EXPERIMENT_COLUMNS} FROM experiments WHERE evaluation_script_id = $3
           ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
          [...pageWindow(request.query), id],
        ),
        db.query<{ total: number }>('SELECT count(*)::int AS total FROM experiments WHERE evaluation_script_id = $1', [id]),
      ]);
      reply.header('X-Total-Count', total.rows[0].total);
      return { count: total.rows[0].total, results: page.rows };
    },
  );
}
