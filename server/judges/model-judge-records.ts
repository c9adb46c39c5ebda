/**
 * Model judges stored: listed, read, created, changed and deleted, each change in one transaction with its
 * audit record. The api_key never leaves here as stored: answers show it through shownApiKey.
 */
import type { Database, Queryable } from '../db/database';
import { listPage } from '../db/list-page';
import { recordAudit } from '../audit/audit-trail';
import { changedFields, quoted, type AuditActor } from '../audit/audit-summaries';
import { isUniqueViolation } from '../db/database-errors';
import { HttpError, notFound } from '../errors';
import type { ModelJudge, ModelJudgeChanges, NewModelJudge } from '../schemas/model-judges';
import { DEFAULT_PROMPT_TEMPLATE } from './judge-prompt';
import { judgeSettingsProblems, shownApiKey } from './judge-settings';

/** A judge as stored, its api_key as set: for the model client, never for an answer. */
export type StoredModelJudge = ModelJudge;

const COLUMNS = `id, name, base_url, model, api_key, temperature, seed, prompt_template, guidelines, product_fields,
  products_per_call, concurrency, requests_per_minute, price_per_1k_input, price_per_1k_output, created_at, updated_at`;

/** Every setting a request may change, in the order the audit names them. */
const SETTINGS = [
  'name',
  'base_url',
  'model',
  'api_key',
  'temperature',
  'seed',
  'prompt_template',
  'guidelines',
  'product_fields',
  'products_per_call',
  'concurrency',
  'requests_per_minute',
  'price_per_1k_input',
  'price_per_1k_output',
] as const;
type Setting = (typeof SETTINGS)[number];

const DEFAULTS = {
  api_key: null,
  temperature: 0,
  seed: null,
  prompt_template: DEFAULT_PROMPT_TEMPLATE,
  guidelines: '',
  product_fields: ['name', 'description'],
  products_per_call: 1,
  concurrency: 2,
  requests_per_minute: 60,
  price_per_1k_input: 0,
  price_per_1k_output: 0,
} satisfies Partial<Record<Setting, unknown>>;

const shown = (judge: StoredModelJudge): ModelJudge => ({ ...judge, api_key: shownApiKey(judge.api_key) });

/** Refuses, naming each field, what the schema let through but the judge could not use. */
function assertUsable(settings: Partial<NewModelJudge>): void {
  const problems = judgeSettingsProblems(settings, process.env);
  if (problems.length > 0) throw new HttpError(400, problems.join('; '), { problems });
}

/** An empty template asks for the default one. */
const template = (value: string | undefined) => (value === undefined ? undefined : value.trim() === '' ? DEFAULT_PROMPT_TEMPLATE : value);

const nameTaken = (name: string) => new HttpError(409, `A model judge named "${name}" already exists`);

export async function modelJudgePage(db: Queryable, window: number[]): Promise<{ count: number; results: ModelJudge[] }> {
  const { rows, total } = await listPage<StoredModelJudge>(
    db,
    { columns: COLUMNS, from: 'model_judges', orderBy: 'created_at DESC, id DESC', params: [] },
    window,
  );
  return { count: total, results: rows.map(shown) };
}

/** The judge with its api_key as stored, for the model client; 404 when there is none. */
async function storedModelJudge(db: Queryable, id: number): Promise<StoredModelJudge> {
  const { rows } = await db.query<StoredModelJudge>(`SELECT ${COLUMNS} FROM model_judges WHERE id = $1`, [id]);
  if (rows.length === 0) throw notFound('Model judge', id);
  return rows[0];
}

export const modelJudge = async (db: Queryable, id: number): Promise<ModelJudge> => shown(await storedModelJudge(db, id));

/** `input.name` as the request's checks left it (trimmed, not blank). */
export async function createModelJudge(db: Database, input: NewModelJudge, actor: AuditActor): Promise<ModelJudge> {
  assertUsable(input);
  const judge = { ...DEFAULTS, ...input, prompt_template: template(input.prompt_template) ?? DEFAULTS.prompt_template };
  try {
    return await db.transaction(async (tx) => {
      const { rows } = await tx.query<StoredModelJudge>(
        `INSERT INTO model_judges (${SETTINGS.join(', ')})
         VALUES (${SETTINGS.map((setting, index) => `$${index + 1}${setting === 'product_fields' ? '::text[]' : ''}`).join(', ')})
         RETURNING ${COLUMNS}`,
        SETTINGS.map((setting) => judge[setting]),
      );
      const event = { action: 'model_judge.create', target_type: 'model_judge', target_id: rows[0].id, summary: quoted(judge.name) };
      await recordAudit(tx, actor, event);
      return shown(rows[0]);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(judge.name);
    throw error;
  }
}

/** `changes.name`, when given, as the request's checks left it. Only the settings given change (api_key null removes the key). */
export async function changeModelJudge(db: Database, id: number, changes: ModelJudgeChanges, actor: AuditActor): Promise<ModelJudge> {
  assertUsable(changes);
  const given = { ...changes, prompt_template: template(changes.prompt_template) };
  const settings = SETTINGS.filter((setting) => given[setting] !== undefined);
  try {
    return await db.transaction(async (tx) => {
      const before = await tx.query<StoredModelJudge>(`SELECT ${COLUMNS} FROM model_judges WHERE id = $1 FOR UPDATE`, [id]);
      if (before.rows.length === 0) throw notFound('Model judge', id);
      // Column names come from SETTINGS, never from the request.
      const assignments = settings.map((setting, index) => `${setting} = $${index + 2}${setting === 'product_fields' ? '::text[]' : ''}`);
      const { rows } = await tx.query<StoredModelJudge>(
        `UPDATE model_judges SET ${[...assignments, 'updated_at = now()'].join(', ')} WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, ...settings.map((setting) => given[setting])],
      );
      await recordAudit(tx, actor, {
        action: 'model_judge.update',
        target_type: 'model_judge',
        target_id: id,
        summary: changedFields(before.rows[0], rows[0], SETTINGS),
      });
      return shown(rows[0]);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(changes.name ?? '');
    throw error;
  }
}

export async function deleteModelJudge(db: Database, id: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ name: string }>('DELETE FROM model_judges WHERE id = $1 RETURNING name', [id]);
    if (rows.length === 0) throw notFound('Model judge', id);
    await recordAudit(tx, actor, {
      action: 'model_judge.delete',
      target_type: 'model_judge',
      target_id: id,
      summary: quoted(rows[0].name),
    });
  });
}
