import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { actorOf } from '../../auth/actor';
import { recordAudit } from '../../audit/audit-trail';
import { changedFields, quoted } from '../../audit/audit-summaries';
import { isForeignKeyViolation } from '../../db/database-errors';
import { HttpError, notFound } from '../../errors';
import { ErrorSchema } from '../../schemas/errors';
import { assertUsableConfig } from '../../runs/experiment-config';
import { EXPERIMENT_FACTS, EXPERIMENT_FACTS_FROM, runBlockers, type ExperimentFacts } from '../../runs/run-blockers';
import {
  ExperimentChangesSchema,
  ExperimentDetailsSchema,
  ExperimentSchema,
  ExperimentWithConfigSchema,
  NewExperimentSchema,
  type Experiment,
  type ExperimentWithConfig,
} from '../../schemas/experiments';
import { ListOf, PageQuerySchema } from '../../schemas/paging';
import { IdParamsSchema } from '../../schemas/shared';
import { pageWindow } from '../page-window';
import { requireText } from '../text-fields';

export const EXPERIMENT_COLUMNS = 'id, name, evaluation_script_id, dataset_id, description, created_at, updated_at';
const WITH_CONFIG = `${EXPERIMENT_COLUMNS}, config`;
/** What an edit may change, named in its audit row when it did. */
const CHANGEABLE = ['name', 'description', 'dataset_id', 'evaluation_script_id', 'config'] as const;

export async function experimentRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/experiments/',
    {
      schema: {
        summary: 'List experiments, newest first',
        tags: ['experiments'],
        querystring: PageQuerySchema,
        response: { 200: ListOf(ExperimentSchema), 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      const [page, total] = await Promise.all([
        db.query<Experiment>(
          `SELECT ${EXPERIMENT_COLUMNS} FROM experiments ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
          pageWindow(request.query),
        ),
        db.query<{ total: number }>('SELECT count(*)::int AS total FROM experiments'),
      ]);
      reply.header('X-Total-Count', total.rows[0].total);
      return page.rows;
    },
  );

  app.post(
    '/experiments/',
    {
      schema: {
        summary: 'Create an experiment; with a config (search target, golden set, k, gain, pass threshold) it can run here',
        tags: ['experiments'],
        body: NewExperimentSchema,
        response: { 201: ExperimentWithConfigSchema, 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { evaluation_script_id, dataset_id, config = {} } = request.body;
      const name = requireText(request.body.name, 'name');
      try {
        const experiment = await db.transaction(async (tx) => {
          if (request.body.config) await assertUsableConfig(tx, request.body.config, 'body.config', { lockGoldenSet: true });
          const { rows } = await tx.query<ExperimentWithConfig>(
            `INSERT INTO experiments (name, evaluation_script_id, dataset_id, description, config)
             VALUES ($1, $2, $3, $4, $5::jsonb) RETURNING ${WITH_CONFIG}`,
            [name, evaluation_script_id, dataset_id, request.body.description?.trim() ?? '', JSON.stringify(config)],
          );
          const event = { action: 'experiment.create', target_type: 'experiment', target_id: rows[0].id, summary: quoted(name) };
          await recordAudit(tx, actorOf(request), event);
          return rows[0];
        });
        return reply.code(201).send(experiment);
      } catch (error) {
        if (isForeignKeyViolation(error)) {
          throw new HttpError(
            400,
            `body.evaluation_script_id or body.dataset_id: evaluation script ${evaluation_script_id} or dataset ${dataset_id} does not exist`,
          );
        }
        throw error;
      }
    },
  );

  app.get(
    '/experiments/:id',
    {
      schema: {
        summary: 'Get one experiment with its run configuration, the names of what it uses, and what keeps it from running',
        tags: ['experiments'],
        params: IdParamsSchema,
        response: { 200: ExperimentDetailsSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const { rows } = await db.query<ExperimentWithConfig & ExperimentFacts & { golden_set_name: string | null }>(
        `SELECT ${EXPERIMENT_FACTS}, e.evaluation_script_id, e.description, e.created_at, e.updated_at,
           (SELECT g.name FROM golden_sets g WHERE g.id::text = e.config->>'golden_set_id') AS golden_set_name
         FROM ${EXPERIMENT_FACTS_FROM} WHERE e.id = $1`,
        [request.params.id],
      );
      if (rows.length === 0) throw notFound('Experiment', request.params.id);
      const { engine: _engine, script_name, ...experiment } = rows[0];
      const { blockers } = await runBlockers(db, rows[0]);
      return { ...experiment, evaluation_script_name: script_name, run_blockers: blockers.map((blocker) => blocker.message) };
    },
  );

  app.patch(
    '/experiments/:id',
    {
      schema: {
        summary:
          "Change an experiment's name, description, dataset, evaluation script or run configuration (runs already started keep theirs)",
        tags: ['experiments'],
        params: IdParamsSchema,
        body: ExperimentChangesSchema,
        response: { 200: ExperimentWithConfigSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { name, description, config, dataset_id: datasetId, evaluation_script_id: scriptId } = request.body;
      const newName = name === undefined ? null : requireText(name, 'name');
      try {
        return await db.transaction(async (tx) => {
          if (config) await assertUsableConfig(tx, config, 'body.config', { lockGoldenSet: true });
          const before = await tx.query<ExperimentWithConfig>(`SELECT ${WITH_CONFIG} FROM experiments WHERE id = $1 FOR UPDATE`, [id]);
          if (before.rows.length === 0) throw notFound('Experiment', id);
          const { rows } = await tx.query<ExperimentWithConfig>(
            `UPDATE experiments SET name = coalesce($2, name), description = coalesce($3, description),
               config = coalesce($4::jsonb, config), dataset_id = coalesce($5, dataset_id),
               evaluation_script_id = coalesce($6, evaluation_script_id), updated_at = now()
             WHERE id = $1 RETURNING ${WITH_CONFIG}`,
            [id, newName, description?.trim() ?? null, config ? JSON.stringify(config) : null, datasetId ?? null, scriptId ?? null],
          );
          await recordAudit(tx, actorOf(request), {
            action: 'experiment.update',
            target_type: 'experiment',
            target_id: id,
            summary: changedFields(before.rows[0], rows[0], CHANGEABLE),
          });
          return rows[0];
        });
      } catch (error) {
        if (!isForeignKeyViolation(error)) throw error;
        const named = [
          ...(scriptId === undefined ? [] : [[`body.evaluation_script_id`, `evaluation script ${scriptId}`]]),
          ...(datasetId === undefined ? [] : [[`body.dataset_id`, `dataset ${datasetId}`]]),
        ];
        throw new HttpError(
          400,
          `${named.map(([field]) => field).join(' or ')}: ${named.map(([, what]) => what).join(' or ')} does not exist`,
        );
      }
    },
  );
}
