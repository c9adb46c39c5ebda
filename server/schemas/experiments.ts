import { Type, type Static } from 'typebox';
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from './limits';
import { RunConfigSchema } from './run-config';
import { DemoFlagSchema, IdSchema, JsonObject, Nullable, TimestampSchema } from './shared';

const experimentProperties = {
  id: IdSchema,
  name: Type.String(),
  evaluation_script_id: IdSchema,
  dataset_id: IdSchema,
  description: Type.String(),
  demo: DemoFlagSchema,
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
};

/** An experiment as the lists answer it: with its dataset's name, so a list names the dataset beside its id. */
export const ExperimentListItemSchema = Type.Object({ ...experimentProperties, dataset_name: Type.String() });
export type ExperimentListItem = Static<typeof ExperimentListItemSchema>;

/** An experiment with its run configuration (any object: configs written elsewhere may have another shape). */
export const ExperimentWithConfigSchema = Type.Object({ ...experimentProperties, config: Type.Optional(JsonObject()) });
export type ExperimentWithConfig = Static<typeof ExperimentWithConfigSchema>;

/** One experiment as its runs page shows it: with the names of what it uses and what keeps it from running. */
export const ExperimentDetailsSchema = Type.Object({
  ...experimentProperties,
  config: Type.Optional(JsonObject()),
  dataset_name: Type.String(),
  evaluation_script_name: Type.String(),
  golden_set_name: Nullable(Type.String({ description: "The configured golden set's name; null when none is configured or it is gone" })),
  run_blockers: Type.Array(Type.String(), {
    description: "Why 'Run experiment' would be refused now, one sentence each; empty when it can run",
  }),
});
export type ExperimentDetails = Static<typeof ExperimentDetailsSchema>;

const nameSchema = Type.String({ maxLength: MAX_NAME_LENGTH });
const descriptionSchema = Type.String({ maxLength: MAX_DESCRIPTION_LENGTH });

export const NewExperimentSchema = Type.Object(
  {
    name: nameSchema,
    description: Type.Optional(descriptionSchema),
    config: Type.Optional(RunConfigSchema),
    evaluation_script_id: IdSchema,
    dataset_id: IdSchema,
  },
  { additionalProperties: false },
);
export type NewExperiment = Static<typeof NewExperimentSchema>;

export const ExperimentChangesSchema = Type.Object(
  {
    name: Type.Optional(nameSchema),
    description: Type.Optional(descriptionSchema),
    config: Type.Optional(RunConfigSchema),
    dataset_id: Type.Optional(IdSchema),
    evaluation_script_id: Type.Optional(IdSchema),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type ExperimentChanges = Static<typeof ExperimentChangesSchema>;
