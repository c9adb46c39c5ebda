/** POST golden-sets/{id}/click-logs: grades from a click log (COEC), previewed or stored as the set's rater "clicks". */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { HttpError } from '../../errors';
import { maxGradeOf } from '../../golden-sets/golden-set-scale';
import {
  parseThresholds,
  previewClickGrades,
  thresholdCountProblem,
  type ClickGradeOptions,
} from '../../golden-sets/click-logs/click-grades';
import { readClickLog, type ClickLog, type ClickLogFormat } from '../../golden-sets/click-logs/read-click-log';
import { storeClickGrades } from '../../golden-sets/click-logs/store-click-grades';
import { actorOf } from '../../auth/actor';
import { settleImport, withImportUpkeep } from '../../db/after-import';
import { idleCutOff } from '../../import/upload-spool';
import {
  ClickLogAnswerSchema,
  ClickLogFormSchema,
  type ClickLogAnswer,
  ClickLogProblemSchema,
  DEFAULT_MIN_IMPRESSIONS,
  DEFAULT_PRIOR_CLICKS,
  MAX_PAIRS_ANSWERED,
} from '../../schemas/click-logs';
import { DescribedErrorSchema, ErrorSchema, ProblemsErrorSchema } from '../../schemas/errors';
import { IdParamsSchema } from '../../schemas/shared';
import { validatorCompiler } from '../../validators';
import { uploadFailure, type UploadSettings } from '../multipart-upload';
import { namedFields, readForm } from '../form-reader';

const MAX_PRIOR_CLICKS = 1_000_000;

interface ClickLogForm extends ClickGradeOptions {
  format: ClickLogFormat;
  preview: boolean;
}

/** The text fields, checked when the file arrives (so they must come before it); the thresholds' count waits for the scale. */
function clickLogForm(fields: Record<string, string>): ClickLogForm {
  for (const [field, value] of Object.entries(fields)) {
    if (value.includes('\0')) throw new HttpError(400, `${field} contains U+0000 (a NUL character), which cannot be stored`);
  }
  const format = fields.format?.trim().toLowerCase();
  if (format !== 'ubi' && format !== 'csv') {
    throw new HttpError(
      400,
      fields.format === undefined
        ? 'The form has no "format" before its file: send format, min_impressions, thresholds and preview first, then the file'
        : `format must be "ubi" or "csv", not ${JSON.stringify(fields.format.slice(0, 20))}`,
    );
  }
  const preview = fields.preview?.trim().toLowerCase();
  if (preview !== 'true' && preview !== 'false') {
    throw new HttpError(
      400,
      fields.preview === undefined
        ? 'preview is missing: send "true" to see the grades, or "false" to store them as the rater "clicks"'
        : `preview must be "true" or "false", not ${JSON.stringify(fields.preview.slice(0, 20))}`,
    );
  }
  const minText = (fields.min_impressions ?? String(DEFAULT_MIN_IMPRESSIONS)).trim();
  const minImpressions = Number(minText);
  if (!/^\d+$/.test(minText) || !Number.isSafeInteger(minImpressions) || minImpressions < 1) {
    throw new HttpError(400, `min_impressions must be a whole number ≥ 1, not ${JSON.stringify(minText.slice(0, 20))}`);
  }
  const priorText = (fields.prior_clicks ?? String(DEFAULT_PRIOR_CLICKS)).trim();
  const priorClicks = Number(priorText);
  if (priorText === '' || !Number.isFinite(priorClicks) || priorClicks < 0 || priorClicks > MAX_PRIOR_CLICKS) {
    throw new HttpError(400, `prior_clicks must be a number from 0 to ${MAX_PRIOR_CLICKS}, not ${JSON.stringify(priorText.slice(0, 20))}`);
  }
  if (fields.thresholds === undefined)
    throw new HttpError(400, 'thresholds is missing: send rising COEC boundaries, one fewer than the grades');
  const parsed = parseThresholds(fields.thresholds);
  if ('problem' in parsed) throw new HttpError(400, `thresholds ${parsed.problem}`);
  return { format, preview: preview === 'true', minImpressions, priorClicks, thresholds: parsed.thresholds };
}

export function clickLogRoute(fastify: FastifyInstance, { db, uploads }: { db: Database; uploads: UploadSettings }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/golden-sets/:id/click-logs',
    {
      schema: {
        summary:
          'Grades from a click log, clicks over expected clicks (COEC) per query and product: previewed, or stored as the rater "clicks"',
        description:
          'Multipart form: the text fields `format` (`ubi`: User Behavior Insights JSON Lines, queries before their ' +
          'events; `csv`: `query,product_id,position,impressions,clicks`), `min_impressions` (default ' +
          `${DEFAULT_MIN_IMPRESSIONS}), \`prior_clicks\` (default ${DEFAULT_PRIOR_CLICKS}), \`thresholds\` and \`preview\` ` +
          "first, then `file`. Per position the log's CTR; per pair its clicks over the clicks its impressions " +
          'expect at the positions shown, pulled toward 1 by the prior; grades from the rising thresholds (one fewer ' +
          "than the set's grades). `preview=true` answers the grades and stores nothing; `preview=false` also stores " +
          'them, in one transaction, as the set\'s rater "clicks": its ratings before are replaced, pairs without a ' +
          "grade get none, and every pair touched takes the grade of the set's rule again. A file " +
          `with problems gives a 400 naming line and field; files over ${uploads.limitMb} MiB get a 413.`,
        tags: ['golden sets'],
        consumes: ['multipart/form-data'],
        params: IdParamsSchema,
        body: ClickLogFormSchema,
        response: {
          200: ClickLogAnswerSchema,
          400: ProblemsErrorSchema(ClickLogProblemSchema, 'A form that is not complete, or a file with problems (`details`)'),
          404: ErrorSchema,
          413: DescribedErrorSchema('The file is larger than UPLOAD_LIMIT_MB'),
        },
      },
      // The parts are read as a stream, there is no body to validate; the id still is.
      validatorCompiler: (route) => (route.httpPart === 'body' ? () => true : validatorCompiler(route)),
    },
    async (request) => {
      if (!request.isMultipart()) throw new HttpError(400, 'Send the click log as multipart/form-data');
      try {
        return await gradeUpload(request, request.params.id);
      } catch (error) {
        throw uploadFailure(error, request, uploads);
      }
    },
  );

  /**
   * Reads the form part by part; the file streams straight into the tally, so a slow client holds no connection
   * meanwhile. Grades are stored once the whole form is read: a field sent too late stores nothing.
   */
  async function gradeUpload(request: FastifyRequest, goldenSetId: number): Promise<ClickLogAnswer> {
    let read: { form: ClickLogForm; log: ClickLog } | undefined;
    const { lateFields, failure } = await readForm(request, async (part, fields) => {
      if (part.fieldname !== 'file') throw new HttpError(400, `Unexpected file field "${part.fieldname}": send the click log as "file"`);
      const form = clickLogForm(fields);
      // Looked up once the file arrives: a refusal still reads the rest of the form, so the client gets it.
      const tooMany = thresholdCountProblem(form.thresholds, await maxGradeOf(db, goldenSetId));
      if (tooMany) throw new HttpError(400, `thresholds ${tooMany}`);
      const file = idleCutOff(part.file, uploads.idleSeconds);
      read = { form, log: await readClickLog(file, form.format, form.preview ? 'Nothing was graded' : 'Nothing was stored') };
      return true;
    });
    if (lateFields.length > 0) {
      throw new HttpError(400, `The text fields must come before the file, but ${namedFields(lateFields)} came after it`);
    }
    if (failure !== undefined) throw failure;
    if (read === undefined) throw new HttpError(400, 'The form has no click log: send it in a field named "file"');
    const { form, log } = read;
    const graded = previewClickGrades(log.tally, form);
    const stored = form.preview
      ? null
      : await uploads.gate(() =>
          withImportUpkeep(db, 'judgements', request.log, () => storeClickGrades(db, actorOf(request), goldenSetId, graded.pairs)),
        );
    if (stored) await settleImport(db, 'judgements', stored.rated, request.log);
    return {
      format: form.format,
      min_impressions: form.minImpressions,
      prior_clicks: form.priorClicks,
      thresholds: form.thresholds,
      records: log.records,
      counted_events: log.counted_events,
      skipped_events: log.skipped_events,
      positions: graded.positions,
      grade_counts: graded.grade_counts,
      ungraded: graded.ungraded,
      pair_count: graded.pairs.length,
      pairs: graded.pairs.slice(0, MAX_PAIRS_ANSWERED),
      stored,
    };
  }
}
