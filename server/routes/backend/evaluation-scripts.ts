import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { actorOf } from '../../auth/actor';
import { recordAudit } from '../../audit/audit-trail';
import { NOTHING_CHANGED, valueChange } from '../../audit/audit-summaries';
import { notFound } from '../../errors';
import { ErrorSchema } from '../../schemas/errors';
import { ExperimentSchema, type Experiment } from '../../schemas/experiments';
import { PageOf, PageQuerySchema } from '../../schemas/paging';
import { ScriptChangesSchema, ScriptSchema, type EvaluationScript } from '../../schemas/scripts';
import { IdParamsSchema } from '../../schemas/shared';
import { pageWindow } from '../page-window';
import { EXPERIMENT_COLUMNS } from './experiments';
import { GOLDEN_SET_RELEVANCE } from '../../runs/run-blockers';

const SCRIPT_COLUMNS = `id, name, description, cost_per_evaluation, script_class, script_module, output_schema,
  coalesce(engine = '${GOLDEN_SET_RELEVANCE}', false) AS runs_here`;

export async function evaluationScriptRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/evaluation-scripts/',
    {
      schema: {
        summary: 'List evaluation scripts, newest first',
        tags: ['evaluation scripts'],
        querystring: PageQuerySchema,
        response: { 200: PageOf(ScriptSchema), 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      const [page, total] = await Promise.all([
        db.query<EvaluationScript>(
          `SELECT ${SCRIPT_COLUMNS} FROM evaluation_scripts ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
          pageWindow(request.query),
        ),
        db.query<{ total: number }>('SELECT count(*)::int AS total FROM evaluation_scripts'),
      ]);
      reply.header('X-Total-Count', total.rows[0].total);
      return { count: total.rows[0].total, results: page.rows };
    },
  );

  app.get(
    '/evaluation-scripts/:id',
    {
      schema: {
        summary: 'Get one evaluation script',
        tags: ['evaluation scripts'],
        params: IdParamsSchema,
        response: { 200: ScriptSchema, 400: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const { rows } = await db.query<EvaluationScript>(`SELECT ${SCRIPT_COLUMNS} FROM evaluation_scripts WHERE id = $1`, [
        request.params.id,
      ]);
      if (rows.length === 0) throw notFound('Evaluation script', request.params.id);
      return rows[0];
    },
  );

  app.patch(
    '/evaluation-scripts/:id',
    {
      // What runs cost is the admins' to set (issue 17).
      config: { role: 'admin' },
      schema: {
        summary: "Change a script's price per evaluation (runs started afterwards cost that) or its description",
        tags: ['evaluation scripts'],
        params: IdParamsSchema,
        body: ScriptChangesSchema,
        response: { 200: ScriptSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { cost_per_evaluation = null, description = null } = request.body;
      return db.transaction(async (tx) => {
        const before = await tx.query<EvaluationScript>(`SELECT ${SCRIPT_COLUMNS} FROM evaluation_scripts WHERE id = $1 FOR UPDATE`, [id]);
        if (before.rows.length === 0) throw notFound('Evaluation script', id);
        const { rows } = await tx.query<EvaluationScript>(
          `UPDATE evaluation_scripts SET cost_per_evaluation = coalesce($2, cost_per_evaluation),
             description = coalesce($3, description), updated_at = now()
           WHERE id = $1 RETURNING ${SCRIPT_COLUMNS}`,
          [id, cost_per_evaluation, description?.trim() ?? null],
        );
        const [old, now] = [before.rows[0], rows[0]];
        // "cost_per_evaluation 0.01 → 0.02, description": the cost with its old and new values, being why only admins change it.
        const cost = valueChange('cost_per_evaluation', old.cost_per_evaluation, now.cost_per_evaluation);
        const text = old.description === now.description ? '' : 'description';
        const summary = [cost, text].filter(Boolean).join(', ') || NOTHING_CHANGED;
        await recordAudit(tx, actorOf(request), {
          action: 'evaluation_script.update',
          target_type: 'evaluation_script',
          target_id: id,
          summary,
        });
        return now;
      });
    },
  );

  app.get(
    '/evaluation-scripts/:id/experiments',
    {
      schema: {
        summary: 'List the experiments that use one evaluation script, newest first',
        tags: ['evaluation scripts'],
        params: IdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: PageOf(ExperimentSchema), 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const script = await db.query('SELECT 1 FROM evaluation_scripts WHERE id = $1', [id]);
      if (script.rows.length === 0) throw notFound('Evaluation script', id);
      const [page, total] = await Promise.all([
        db.query<Experiment>(
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
