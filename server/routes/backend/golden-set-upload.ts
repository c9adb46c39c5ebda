/** POST golden-sets/: a golden set from an uploaded form, its files streamed into one transaction. */
import { settleImport } from '../../db/after-import';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { actorOf } from '../../auth/actor';
import { HttpError } from '../../errors';
import { loadGoldenSet } from '../../golden-sets/golden-set-records';
import { createUploadedGoldenSet, deleteGoldenSet } from '../../golden-sets/golden-set-changes';
import { scaleLabels } from '../../golden-sets/golden-set-scale';
import { uploadWarnings } from '../../golden-sets/upload-warnings';
import { readQueriesFile, type JudgementSource, type NewGoldenSet } from '../../golden-sets/import-judgements';
import type { TrecQuery } from '../../golden-sets/judgement-rows';
import { UploadTooLargeError } from '../../import/upload-reader';
import { DescribedErrorSchema, ProblemsErrorSchema } from '../../schemas/errors';
import { GoldenSetFormSchema, JudgementProblemSchema, UploadedGoldenSetSchema } from '../../schemas/golden-sets';
import { MAX_DESCRIPTION_LENGTH, MAX_MARKET_LENGTH, MAX_NAME_LENGTH } from '../../schemas/limits';
import { importUpload, uploadFailure, type UploadSettings } from '../multipart-upload';
import { namedFields, readForm } from '../form-reader';
import { requireTrimmed } from '../text-fields';

/** The form's text fields, checked when its first file arrives (so they must come before the files). */
function newGoldenSet(fields: Record<string, string>): NewGoldenSet & { format: 'csv' | 'trec' } {
  if (fields.name === undefined) {
    throw new HttpError(
      400,
      'The form has no "name" before its files: send the fields name, description, market, format, max_grade and grade_labels first, then the files',
    );
  }
  // PostgreSQL text cannot hold U+0000 (22021): a 400 here, not a 500 from the INSERT.
  for (const [field, value] of Object.entries(fields)) {
    if (value.includes('\0')) throw new HttpError(400, `${field} contains U+0000 (a NUL character), which cannot be stored`);
  }
  const format = (fields.format ?? 'csv').trim().toLowerCase();
  if (format !== 'csv' && format !== 'trec') throw new HttpError(400, `format must be "csv" or "trec", not "${fields.format}"`);
  const name = requireTrimmed(fields.name, 'name');
  const description = (fields.description ?? '').trim();
  const market = (fields.market ?? '').trim();
  if (name.length > MAX_NAME_LENGTH) throw new HttpError(400, `name must be at most ${MAX_NAME_LENGTH} characters`);
  if (description.length > MAX_DESCRIPTION_LENGTH)
    throw new HttpError(400, `description must be at most ${MAX_DESCRIPTION_LENGTH} characters`);
  if (market.length > MAX_MARKET_LENGTH) throw new HttpError(400, `market must be at most ${MAX_MARKET_LENGTH} characters`);
  return { name, description, market, format, scale: uploadedScale(fields) };
}

/** The scale from the fields max_grade and grade_labels (comma-separated), when given. */
function uploadedScale(fields: Record<string, string>): NewGoldenSet['scale'] {
  if (fields.max_grade === undefined && fields.grade_labels === undefined) return undefined;
  const text = (fields.max_grade ?? '').trim();
  if (!/^\d+$/.test(text)) throw new HttpError(400, `max_grade must be a whole number from 1 to 9, got "${text.slice(0, 20)}"`);
  const maxGrade = Number(text);
  const labels = fields.grade_labels === undefined ? undefined : fields.grade_labels.split(',');
  return { max_grade: maxGrade, labels: scaleLabels({ max_grade: maxGrade, labels }, { maxGrade: 'max_grade', labels: 'grade_labels' }) };
}

function lateFieldsError(names: string[]): HttpError {
  return new HttpError(
    400,
    `The text fields must come before the files, but ${namedFields(names)} came after a file: send name, description, market and format first, then the files`,
  );
}

/** A whole (small-ish) file in memory: the qrels when they arrive before their queries file. */
async function readWhole(file: Readable & { truncated?: boolean }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  if (file.truncated) throw new UploadTooLargeError();
  return Buffer.concat(chunks);
}

/** Registers the route on an instance that already reads multipart bodies. */
export function goldenSetUploadRoute(fastify: FastifyInstance, { db, uploads }: { db: Database; uploads: UploadSettings }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

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
          'once. One transaction: any problem gives a 400 listing up to 100 of them and nothing is written. The ' +
          '201 answer warns of judged queries no dataset entry asks and products not in the catalogue. ' +
          `Files over ${uploads.limitMb} MiB get a 413.`,
        tags: ['golden sets'],
        consumes: ['multipart/form-data'],
        body: GoldenSetFormSchema,
        response: {
          201: UploadedGoldenSetSchema,
          400: ProblemsErrorSchema(JudgementProblemSchema, 'A form that is not complete, or files with problems (`details`)'),
          409: DescribedErrorSchema('A golden set of that name exists'),
          413: DescribedErrorSchema('A file is larger than UPLOAD_LIMIT_MB'),
        },
      },
      // Documents the form for OpenAPI; the parts are read as a stream, there is no body to validate.
      validatorCompiler: () => () => true,
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(400, 'Send the golden set as multipart/form-data');
      try {
        const set = await loadGoldenSet(db, await createFromUpload(request));
        await settleImport(db, 'judgements', set.judgement_count, request.log);
        return reply.code(201).send({ ...set, warnings: await uploadWarnings(db, set.id) });
      } catch (error) {
        throw uploadFailure(error, request, uploads);
      }
    },
  );

  /** Reads the form part by part: the CSV (or the qrels, once the queries are known) streams into one transaction. */
  async function createFromUpload(request: FastifyRequest): Promise<number> {
    const actor = actorOf(request);
    let queries: Map<string, TrecQuery> | undefined;
    let earlyQrels: Buffer | undefined;
    let createdId: number | undefined;
    // The file is on disk before the transaction starts: a slow client holds no connection meanwhile.
    const create = (set: NewGoldenSet, source: JudgementSource) =>
      importUpload(source.file, uploads, { db, imported: 'judgements', log: request.log }, (file) =>
        createUploadedGoldenSet(db, actor, set, { ...source, file }),
      );
    const { lateFields, failure } = await readForm(request, async (part, fields) => {
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
        throw new HttpError(
          400,
          `Unexpected file field "${part.fieldname}": send the judgements as "file" (and TREC queries as "queries")`,
        );
      }
      return createdId !== undefined;
    });
    if (lateFields.length > 0) {
      // The files were read with the fields known then (a TREC file as CSV, say): whatever came of it is void.
      // The upload was committed (and recorded) before the late fields came: its removal is recorded too.
      if (createdId !== undefined) await deleteGoldenSet(db, actor, createdId, 'upload refused: text fields came after a file');
      throw lateFieldsError(lateFields);
    }
    if (failure !== undefined) throw failure;
    if (createdId !== undefined) return createdId;
    if (earlyQrels)
      throw new HttpError(400, 'Format "trec" needs a queries file too: send `qid<TAB>query` lines in a field named "queries"');
    throw new HttpError(400, 'The form has no judgements file: send it in a field named "file"');
  }
}
