import { Type, type Static } from 'typebox';
import { MAX_COST_PER_EVALUATION, MAX_DESCRIPTION_LENGTH } from './limits';
import { DemoFlagSchema, IdSchema, JsonObject } from './shared';

/** An evaluation script as the API answers it. */
export const ScriptSchema = Type.Object({
  id: IdSchema,
  name: Type.String(),
  description: Type.String(),
  cost_per_evaluation: Type.Number(),
  script_class: Type.String(),
  script_module: Type.String(),
  output_schema: JsonObject(),
  demo: DemoFlagSchema,
  /** This server runs the script's experiments (the built-in 'Golden set relevance'); others are run elsewhere. */
  runs_here: Type.Optional(Type.Boolean({ description: 'Whether this server can run experiments that use the script' })),
});
export type EvaluationScript = Static<typeof ScriptSchema>;

export const ScriptChangesSchema = Type.Object(
  {
    cost_per_evaluation: Type.Optional(Type.Number({ minimum: 0, maximum: MAX_COST_PER_EVALUATION })),
    description: Type.Optional(Type.String({ maxLength: MAX_DESCRIPTION_LENGTH })),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type ScriptChanges = Static<typeof ScriptChangesSchema>;
