/** POST evaluations/: an evaluation from an uploaded ranking file, read whole and checked before anything is stored. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { actorOf } from '../../auth/actor';
import type { Database } from '../../db/database';
import { HttpError } from '../../errors';
import { createEvaluation, type EvaluationSettings } from '../../evaluations/create-evaluation';
import { deleteEvaluation } from '../../evaluations/evaluation-records';
import { rankingFormat, readRankingFile, RANKING_FORMATS, type RankingFormat } from '../../evaluations/ranking-files';
import { readQueriesFile } from '../../golden-sets/import-judgements';
import type { TrecQuery } from '../../golden-sets/judgement-rows';
import type { RunQueue } from '../../runs/run-queue';
import { DescribedErrorSchema, ProblemsErrorSchema } from '../../schemas/errors';
import { CreatedEvaluationSchema, EvaluationFormSchema, RankingProblemSchema } from '../../schemas/evaluations';
import { MAX_K, MAX_NAME_LENGTH } from '../../schemas/limits';
import { namedFields, readForm } from '../form-reader';
import { importUpload, uploadFailure, type UploadSettings } from '../multipart-upload';
import { requireTrimmed } from '../text-fields';

type Settings = Omit<EvaluationSettings, 'format' | 'file_name'> & { format?: RankingFormat };

/** A whole number from the form, within bounds, or the default when the field is absent. */
function wholeNumber(
  fields: Record<string, string>,
  field: string,
  { min, max, fallback }: { min: number; max: number; fallback?: number },
) {
  const text = fields[field]?.trim();
  if (text === undefined || text === '') {
    if (fallback !== undefined) return fallback;
    throw new HttpError(400, `${field} is required: send it before the file`);
  }
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new HttpError(400, `${field} must be a whole number from ${min} to ${max}, got "${text.slice(0, 20)}"`);
  }
  return value;
}

/** The form's text fields, checked when its first file arrives (so they must come before the files). */
function settingsOf(fields: Record<string, string>): Settings {
  if (fields.name === undefined) {
    throw new HttpError(400, 'The form has no "name" before its file: send name, golden_set_id and the other fields first, then the file');
  }
  for (const [field, value] of Object.entries(fields)) {
    if (value.includes('\0')) throw new HttpError(400, `${field} contains U+0000 (a NUL character), which cannot be stored`);
  }
  const name = requireTrimmed(fields.name, 'name');
  if (name.length > MAX_NAME_LENGTH) throw new HttpError(400, `name must be at most ${MAX_NAME_LENGTH} characters`);
  const gain = (fields.gain ?? 'linear').trim();
  if (gain !== 'linear' && gain !== 'exponential')
    throw new HttpError(400, `gain must be "linear" or "exponential", not "${gain.slice(0, 20)}"`);
  const format = fields.format?.trim().toLowerCase();
  if (format !== undefined && format !== '' && !(RANKING_FORMATS as readonly string[]).includes(format)) {
    throw new HttpError(400, `format must be one of ${RANKING_FORMATS.join(', ')}, not "${format.slice(0, 20)}"`);
  }
  const datasetId = fields.dataset_id?.trim() ? wholeNumber(fields, 'dataset_id', { min: 1, max: Number.MAX_SAFE_INTEGER }) : undefined;
  return {
    name,
    golden_set_id: wholeNumber(fields, 'golden_set_id', { min: 1, max: Number.MAX_SAFE_INTEGER }),
    ...(datasetId === undefined ? {} : { dataset_id: datasetId }),
    k: wholeNumber(fields, 'k', { min: 1, max: MAX_K, fallback: 10 }),
    gain,
    relevant_from: wholeNumber(fields, 'relevant_from', { min: 1, max: 100, fallback: 1 }),
    ...(format ? { format: format as RankingFormat } : {}),
  };
}

/** Registers the route on an instance that already reads multipart bodies. */
export function evaluationUploadRoute(
  fastify: FastifyInstance,
  { db, uploads, runQueue }: { db: Database; uploads: UploadSettings; runQueue: RunQueue },
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/evaluations/',
    {
      schema: {
        summary: 'Create an evaluation from an uploaded ranking file, scored against a golden set as a run is',
        description:
          'Multipart form: the text fields first (`name`, `golden_set_id`, optional `dataset_id`, `k`, `gain`, `relevant_from`, ' +
          '`format`), then for a TREC run whose query ids are not query texts a `queries` file of `qid<TAB>query` lines, then ' +
          '`file`: a TREC run (`qid Q0 docid rank score tag`), a CSV with the header `query,product_id,rank[,score]`, or JSON Lines ' +
          '(`{"query": …, "results": [ids or {product_id, score}]}`). The whole file is checked first: any problem gives a 400 ' +
          'naming each line and field (up to 100) and nothing is stored. The 202 answer names the evaluation, whose scoring is queued ' +
          `as a run's. Files over ${uploads.limitMb} MiB get a 413.`,
        tags: ['evaluations'],
        consumes: ['multipart/form-data'],
        body: EvaluationFormSchema,
        response: {
          202: CreatedEvaluationSchema,
          400: ProblemsErrorSchema(RankingProblemSchema, 'A form that is not complete, or a file with problems (`details`)'),
          404: DescribedErrorSchema('No such golden set or dataset'),
          409: DescribedErrorSchema('The dataset has no queries'),
          413: DescribedErrorSchema('A file is larger than EVALUATION_UPLOAD_LIMIT_MB'),
        },
      },
      // Documents the form for OpenAPI; the parts are read as a stream, there is no body to validate.
      validatorCompiler: () => () => true,
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(400, 'Send the evaluation as multipart/form-data');
      try {
        return reply.code(202).send(await createFromUpload(request));
      } catch (error) {
        throw uploadFailure(error, request, uploads);
      }
    },
  );

  async function createFromUpload(request: FastifyRequest) {
    let queries: Map<string, TrecQuery> | undefined;
    let created: { id: number; run_id: number; queries: number } | undefined;
    const { lateFields, failure } = await readForm(request, async (part, fields) => {
      const settings = settingsOf(fields);
      if (part.fieldname === 'queries') {
        queries = await readQueriesFile(part.file);
        return false;
      }
      if (part.fieldname !== 'file') {
        throw new HttpError(
          400,
          `Unexpected file field "${part.fieldname}": send the rankings as "file" (and TREC query ids as "queries")`,
        );
      }
      const format = rankingFormat(part.filename, settings.format);
      // The file is on disk before anything is read: a slow client holds no connection meanwhile.
      created = await importUpload(part.file, uploads, { db, imported: 'rankings', log: request.log }, async (file) => {
        const read = await readRankingFile(file, { format, queries });
        const rankings = new Map<string, string[]>();
        for (const { query, ranking } of read.rankings(settings.k)) rankings.set(query, ranking);
        const evaluation = await createEvaluation(
          db,
          runQueue,
          actorOf(request),
          { ...settings, format, file_name: part.filename ?? '' },
          rankings,
        );
        return { ...evaluation, queries: rankings.size };
      });
      return true;
    });
    if (lateFields.length > 0) {
      // The file was read with the fields known then: whatever came of it is void, and its removal recorded.
      if (created !== undefined) await deleteEvaluation(db, actorOf(request), created.id);
      throw new HttpError(400, `The text fields must come before the file, but ${namedFields(lateFields)} came after it`);
    }
    if (failure !== undefined) throw failure;
    if (created === undefined) throw new HttpError(400, 'The form has no ranking file: send it in a field named "file"');
    return { id: created.id, run_id: created.run_id, status: 'pending', queries: created.queries };
  }
}
