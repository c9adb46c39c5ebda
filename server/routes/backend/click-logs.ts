/** POST golden-sets/{id}/click-logs: grades from a click log (COEC), previewed; nothing is stored yet. */
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
import { readClickLog, type ClickLogFormat } from '../../golden-sets/click-logs/read-click-log';
import { UploadIdleError } from '../../import/upload-spool';
import {
  ClickGradePreviewSchema,
  ClickLogFormSchema,
  type ClickGradePreviewAnswer,
  ClickLogProblemSchema,
  DEFAULT_MIN_IMPRESSIONS,
  DEFAULT_PRIOR_CLICKS,
} from '../../schemas/click-logs';
import { DescribedErrorSchema, ErrorSchema, ProblemsErrorSchema } from '../../schemas/errors';
import { IdParamsSchema } from '../../schemas/shared';
import { validatorCompiler } from '../../validators';
import { unreadableForm, uploadFailure, type UploadSettings } from '../multipart-upload';

const MAX_PRIOR_CLICKS = 1_000_000;

interface ClickLogForm extends ClickGradeOptions {
  format: ClickLogFormat;
}

/** The text fields, checked when the file arrives (so they must come before it); the thresholds' count waits for the scale. */
function clickLogForm(fields: Record<string, string>): ClickLogForm {
  // Nothing is stored yet, but a field that could never be stored is refused alike everywhere.
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
  if (preview !== 'true') {
    throw new HttpError(400, `preview must be "true" for now: storing click grades comes with raters`);
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
  return { format, minImpressions, priorClicks, thresholds: parsed.thresholds };
}

export function clickLogRoute(fastify: FastifyInstance, { db, uploads }: { db: Database; uploads: UploadSettings }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/golden-sets/:id/click-logs',
    {
      schema: {
        summary: 'Preview grades from a click log: clicks over expected clicks (COEC) per query and product',
        description:
          'Multipart form: the text fields `format` (`ubi`: User Behavior Insights JSON Lines, queries before their ' +
          'events; `csv`: `query,product_id,position,impressions,clicks`), `min_impressions` (default ' +
          `${DEFAULT_MIN_IMPRESSIONS}), \`prior_clicks\` (default ${DEFAULT_PRIOR_CLICKS}), \`thresholds\` and \`preview\` ` +
          "first, then `file`. Per position the log's CTR; per pair its clicks over the clicks its impressions " +
          'expect at the positions shown, pulled toward 1 by the prior; grades from the rising thresholds (one fewer ' +
          "than the set's grades). `preview=true` answers the grades and stores nothing; storing comes later. A file " +
          `with problems gives a 400 naming line and field; files over ${uploads.limitMb} MiB get a 413.`,
        tags: ['golden sets'],
        consumes: ['multipart/form-data'],
        params: IdParamsSchema,
        body: ClickLogFormSchema,
        response: {
          200: ClickGradePreviewSchema,
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
        return await previewFromUpload(request, request.params.id);
      } catch (error) {
        throw uploadFailure(error, request, uploads);
      }
    },
  );

  /** Reads the form part by part; the file streams straight into the tally (nothing to store, so no spool). */
  async function previewFromUpload(request: FastifyRequest, goldenSetId: number): Promise<ClickGradePreviewAnswer> {
    const fields: Record<string, string> = {};
    let answer: ClickGradePreviewAnswer | undefined;
    let failure: unknown;
    let fileSeen = false;
    const lateFields: string[] = [];
    try {
      // Every part is read, even after a failure, so the client gets the answer rather than a reset.
      for await (const part of request.parts()) {
        if (part.type === 'field' && fileSeen) lateFields.push(part.fieldname);
        if (part.type === 'file') fileSeen = true;
        if (failure !== undefined || answer !== undefined) {
          if (part.type === 'file') part.file.resume();
          continue;
        }
        try {
          if (part.type === 'field') {
            fields[part.fieldname] = String(part.value);
            continue;
          }
          if (part.fieldname !== 'file')
            throw new HttpError(400, `Unexpected file field "${part.fieldname}": send the click log as "file"`);
          const form = clickLogForm(fields);
          // Looked up once the file arrives: a refusal still reads the rest of the form, so the client gets it.
          const tooMany = thresholdCountProblem(form.thresholds, await maxGradeOf(db, goldenSetId));
          if (tooMany) throw new HttpError(400, `thresholds ${tooMany}`);
          const log = await readClickLog(part.file, form.format);
          const { format, minImpressions, priorClicks, thresholds } = form;
          answer = {
            format,
            min_impressions: minImpressions,
            prior_clicks: priorClicks,
            thresholds,
            records: log.records,
            counted_events: log.counted_events,
            skipped_events: log.skipped_events,
            ...previewClickGrades(log.tally, form),
          };
        } catch (error) {
          if (error instanceof UploadIdleError) throw error;
          failure = error;
          if (part.type === 'file') part.file.resume();
        }
      }
    } catch (error) {
      throw unreadableForm(error);
    }
    if (lateFields.length > 0) {
      const listed = [...new Set(lateFields)].map((name) => `"${name}"`).join(', ');
      throw new HttpError(400, `The text fields must come before the file, but ${listed} came after it`);
    }
    if (failure !== undefined) throw failure;
    if (answer === undefined) throw new HttpError(400, 'The form has no click log: send it in a field named "file"');
    return answer;
  }
}
