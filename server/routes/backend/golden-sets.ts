import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/database-errors';
import { errorSchema, HttpError, notFound } from '../../errors';
import { CsvRejectedError, UploadTooLargeError } from '../../bulk/import-csv';
import { importGoldenSet, readQueriesFile, type JudgementSource, type NewGoldenSet } from '../../golden-sets/import-judgements';
import { judgementQueriesTsv, judgementsCsv, judgementsQrels } from '../../golden-sets/export-judgements';
import type { TrecQuery } from '../../golden-sets/judgement-rows';
import { idParams, idSchema, pageQuery, pageWindow, timestamp, totalCountHeader, type PageQuery } from '../schemas';
import { pageOf } from './schemas';

export const MAX_GOLDEN_SET_NAME = 200;
const MAX_DESCRIPTION = 10_000;
const MAX_MARKET = 100;
const MiB = 1024 * 1024;

const COUNTED_COLUMNS = `g.id, g.name, g.description, g.market, g.created_at, g.updated_at,
  (SELECT count(DISTINCT query_key)::int FROM golden_set_judgements j WHERE j.golden_set_id = g.id) AS query_count,
  (SELECT count(*)::int FROM golden_set_judgements j WHERE j.golden_set_id = g.id) AS judgement_count`;

export const goldenSetSchema = {
  type: 'object',
  properties: {
    id: idSchema,
    name: { type: 'string' },
    description: { type: 'string' },
    market: { type: 'string', description: 'Country or market code or name; empty when not given' },
    query_count: { type: 'integer', description: 'Distinct queries (after normalisation)' },
    judgement_count: { type: 'integer' },
    created_at: timestamp,
    updated_at: timestamp,
  },
  required: ['id', 'name', 'description', 'market', 'query_count', 'judgement_count', 'created_at', 'updated_at'],
} as const;

const problemSchema = {
  type: 'object',
  properties: {
    file: { type: 'string', enum: ['file', 'queries'], description: 'The form field of the file at fault' },
    row: { type: 'integer', description: 'CSV row (the header is 1) or TREC file line' },
    column: { type: ['string', 'null'], description: 'Column at fault, or null for the whole row' },
    problem: { type: 'string' },
  },
  required: ['file', 'row', 'column', 'problem'],
} as const;

const textFields = {
  name: { type: 'string', maxLength: MAX_GOLDEN_SET_NAME, description: 'Trimmed; unique; not blank' },
  description: { type: 'string', maxLength: MAX_DESCRIPTION },
  market: { type: 'string', maxLength: MAX_MARKET, description: 'Country or market code or name, e.g. DE' },
} as const;

interface PatchBody {
  name?: string;
  description?: string;
  market?: string;
}

async function loadGoldenSet(db: Database, id: number) {
  const { rows } = await db.query(`SELECT ${COUNTED_COLUMNS} FROM golden_sets g WHERE g.id = $1`, [id]);
  if (rows.length === 0) throw notFound('Golden set', id);
  return rows[0];
}

const duplicateName = (name: string) => new HttpError(409, `A golden set named "${name}" already exists`);

function trimmedName(value: string, field: string): string {
  const name = value.trim();
  if (name === '') throw new HttpError(400, `${field} must not be blank`);
  return name;
}

/** The form's text fields, checked when its first file arrives (so they must come before the files). */
function newGoldenSet(fields: Record<string, string>): NewGoldenSet & { format: 'csv' | 'trec' } {
  if (fields.name === undefined) {
    throw new HttpError(400, 'The form has no "name" before its files: send the fields name, description, market and format first, then the files');
  }
  const format = (fields.format ?? 'csv').trim().toLowerCase();
  if (format !== 'csv' && format !== 'trec') throw new HttpError(400, `format must be "csv" or "trec", not "${fields.format}"`);
  const name = trimmedName(fields.name, 'name');
  const description = (fields.description ?? '').trim();
  const market = (fields.market ?? '').trim();
  if (name.length > MAX_GOLDEN_SET_NAME) throw new HttpError(400, `name must be at most ${MAX_GOLDEN_SET_NAME} characters`);
  if (description.length > MAX_DESCRIPTION) throw new HttpError(400, `description must be at most ${MAX_DESCRIPTION} characters`);
  if (market.length > MAX_MARKET) throw new HttpError(400, `market must be at most ${MAX_MARKET} characters`);
  return { name, description, market, format };
}

/** A whole (small-ish) file in memory: the qrels when they arrive before their queries file. */
async function readWhole(file: Readable & { truncated?: boolean }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  if (file.truncated) throw new UploadTooLargeError();
  return Buffer.concat(chunks);
}

function attachment(reply: FastifyReply, type: string, filename: string) {
  return reply.type(type).header('content-disposition', `attachment; filename="${filename}"`);
}

export async function goldenSetRoutes(app: FastifyInstance, opts: { db: Database; uploadLimitMb: number }) {
  const { db } = opts;
  // Encapsulated: only this plugin's routes read multipart bodies. Over the limit busboy truncates the file.
  await app.register(multipart, {
    limits: { fileSize: opts.uploadLimitMb * MiB, files: 2, fields: 10, parts: 12 },
    throwFileSizeLimit: false,
  });

  app.get<{ Querystring: PageQuery }>(
    '/golden-sets/',
    {
      schema: {
        summary: 'List golden sets, newest first, with their query and judgement counts',
        tags: ['golden sets'],
        querystring: pageQuery,
        response: { 200: { ...pageOf(goldenSetSchema), headers: totalCountHeader }, 400: errorSchema },
      },
    },
    async (request, reply) => {
      const [page, total] = await Promise.all([
        db.query(`SELECT ${COUNTED_COLUMNS} FROM golden_sets g ORDER BY g.created_at DESC, g.id DESC LIMIT $1 OFFSET $2`, pageWindow(request.query)),
        db.query<{ total: number }>('SELECT count(*)::int AS total FROM golden_sets'),
      ]);
      reply.header('X-Total-Count', total.rows[0].total);
      return { count: total.rows[0].total, results: page.rows };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/golden-sets/:id',
    {
      schema: {
        summary: 'Get one golden set',
        tags: ['golden sets'],
        params: idParams,
        response: { 200: goldenSetSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => loadGoldenSet(db, request.params.id),
  );

  app.post(
    '/golden-sets/',
    {
      schema: {
        summary: 'Create a golden set from an uploaded judgements file, all or nothing',
        description:
          'Multipart form: the text fields `name` (required, unique), `description`, `market` and `format` ' +
          '(`csv`, the default, or `trec`) first, then the files. `csv`: `file` is a CSV with the header ' +
          '`query,product_id,relevance`. `trec`: `file` holds TREC qrels lines `qid iter docid grade` and ' +
          '`queries` holds `qid<TAB>query` lines. Grades are integers ≥ 0; a (query, product) pair may appear ' +
          'once. One transaction: any problem gives a 400 listing up to 100 of them and nothing is written. ' +
          `Files over ${opts.uploadLimitMb} MiB get a 413.`,
        tags: ['golden sets'],
        consumes: ['multipart/form-data'],
        body: {
          type: 'object',
          properties: {
            ...textFields,
            format: { type: 'string', enum: ['csv', 'trec'], default: 'csv' },
            file: { type: 'string', format: 'binary', description: 'CSV, or TREC qrels' },
            queries: { type: 'string', format: 'binary', description: 'TREC only: qid<TAB>query lines' },
          },
          required: ['name', 'file'],
        },
        response: {
          201: goldenSetSchema,
          400: {
            ...errorSchema,
            description: 'A form that is not complete, or files with problems (`details`)',
            properties: { ...errorSchema.properties, details: { type: 'array', items: problemSchema } },
          },
          409: { ...errorSchema, description: 'A golden set of that name exists' },
          413: { ...errorSchema, description: 'A file is larger than UPLOAD_LIMIT_MB' },
        },
      },
      // Documents the form for OpenAPI; the parts are read as a stream, there is no body to validate.
      validatorCompiler: () => () => true,
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(400, 'Send the golden set as multipart/form-data');
      try {
        const id = await createFromUpload(request);
        return reply.code(201).send(await loadGoldenSet(db, id));
      } catch (error) {
        if (error instanceof CsvRejectedError) throw new HttpError(400, error.message, error.problems);
        if (error instanceof UploadTooLargeError) {
          throw new HttpError(413, `The file is larger than the upload limit of ${opts.uploadLimitMb} MiB; nothing was imported`);
        }
        if (request.raw.destroyed && !request.raw.complete) throw new HttpError(400, 'The upload was interrupted; nothing was imported');
        throw error;
      }
    },
  );

  /** Reads the form part by part: the CSV (or the qrels, once the queries are known) streams into one transaction. */
  async function createFromUpload(request: FastifyRequest): Promise<number> {
    const fields: Record<string, string> = {};
    let queries: Map<string, TrecQuery> | undefined;
    let earlyQrels: Buffer | undefined;
    let createdId: number | undefined;
    let failure: unknown;
    const create = async (set: NewGoldenSet, source: JudgementSource) => {
      try {
        return await db.transaction((tx) => importGoldenSet(tx, set, source));
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateName(set.name);
        throw error;
      }
    };
    try {
      // Every part is read, even after a failure, so the client gets the answer rather than a reset.
      for await (const part of request.parts()) {
        if (failure !== undefined || createdId !== undefined) {
          if (part.type === 'file') part.file.resume();
          continue;
        }
        try {
          if (part.type === 'field') {
            fields[part.fieldname] = String(part.value);
            continue;
          }
          const set = newGoldenSet(fields);
          if (part.fieldname === 'queries') {
            if (set.format !== 'trec') throw new HttpError(400, 'A "queries" file goes with format "trec" only');
            queries = await readQueriesFile(part.file);
            if (earlyQrels) createdId = await create(set, { format: 'trec', file: Readable.from([earlyQrels]), queries });
          } else if (part.fieldname === 'file') {
            if (set.format === 'csv') createdId = await create(set, { format: 'csv', file: part.file });
            else if (queries) createdId = await create(set, { format: 'trec', file: part.file, queries });
            else earlyQrels = await readWhole(part.file);
          } else {
            throw new HttpError(400, `Unexpected file field "${part.fieldname}": send the judgements as "file" (and TREC queries as "queries")`);
          }
        } catch (error) {
          failure = error;
          if (part.type === 'file') part.file.resume();
        }
      }
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status !== undefined && status < 500) throw error;
      throw new HttpError(400, `The multipart form could not be read: ${(error as Error).message}`);
    }
    if (failure !== undefined) throw failure;
    if (createdId !== undefined) return createdId;
    if (earlyQrels) throw new HttpError(400, 'Format "trec" needs a queries file too: send `qid<TAB>query` lines in a field named "queries"');
    throw new HttpError(400, 'The form has no judgements file: send it in a field named "file"');
  }

  app.patch<{ Params: { id: number }; Body: PatchBody }>(
    '/golden-sets/:id',
    {
      schema: {
        summary: 'Rename a golden set or change its description or market',
        tags: ['golden sets'],
        params: idParams,
        body: { type: 'object', properties: textFields, additionalProperties: false, minProperties: 1 },
        response: { 200: goldenSetSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      const name = body.name === undefined ? null : trimmedName(body.name, 'body.name');
      try {
        const { rowCount } = await db.query(
          `UPDATE golden_sets SET name = coalesce($2, name), description = coalesce($3, description),
             market = coalesce($4, market), updated_at = now() WHERE id = $1`,
          [id, name, body.description?.trim() ?? null, body.market?.trim() ?? null],
        );
        if (rowCount === 0) throw notFound('Golden set', id);
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateName(name!);
        throw error;
      }
      return loadGoldenSet(db, id);
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/golden-sets/:id',
    {
      schema: {
        summary: 'Delete a golden set and its judgements',
        tags: ['golden sets'],
        params: idParams,
        response: { 204: { type: 'null' }, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { rowCount } = await db.query('DELETE FROM golden_sets WHERE id = $1', [request.params.id]);
      if (rowCount === 0) throw notFound('Golden set', request.params.id);
      return reply.code(204).send();
    },
  );

  const exports = [
    { suffix: 'export.csv', type: 'text/csv; charset=utf-8', what: 'CSV `query,product_id,relevance` (formula-safe cells)', body: judgementsCsv },
    { suffix: 'export.qrels', type: 'text/plain; charset=utf-8', what: 'TREC qrels `qid 0 docid grade`', body: judgementsQrels },
    { suffix: 'export.queries.tsv', type: 'text/tab-separated-values; charset=utf-8', what: 'the `qid<TAB>query` lines of export.qrels', body: judgementQueriesTsv },
  ];
  for (const { suffix, type, what, body } of exports) {
    app.get<{ Params: { id: number } }>(
      `/golden-sets/:id/${suffix}`,
      {
        schema: {
          summary: `Download a golden set's judgements as ${what}`,
          tags: ['golden sets'],
          params: idParams,
          produces: [type.split(';')[0]],
          response: { 200: { type: 'string', description: what }, 400: errorSchema, 404: errorSchema },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const { rows } = await db.query('SELECT 1 FROM golden_sets WHERE id = $1', [id]);
        if (rows.length === 0) throw notFound('Golden set', id);
        return attachment(reply, type, `golden-set-${id}.${suffix.replace('export.', '')}`).send(Readable.from(body(db, id)));
      },
    );
  }
}
